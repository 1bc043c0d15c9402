import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_LIMIT_TEXTS, FIELD_MAXIMA } from '../../../projections/live';
import { IsTextOrNumber } from '../validation';
import { USER_TEXTS } from '../../edge-texts';
import { FIELD_TEXTS } from '../../edge-texts';

/** POST /api/users: a registration (JSON:API `users` attributes or plain). */
export class RegisterUserDto {
  @ApiPropertyOptional({
    description: 'Login name, unique case-insensitively; the display name starts as it.',
    example: 'leonie',
    maxLength: FIELD_MAXIMA.login,
  })
  @IsOptional()
  @IsString({ message: USER_TEXTS.passwordMissing })
  @MaxLength(FIELD_MAXIMA.login, { message: FIELD_LIMIT_TEXTS.tooLong('login') })
  login?: string;

  @ApiPropertyOptional({
    description: 'Sent by the web app (same as the login); the display name is changed with PATCH.',
    maxLength: FIELD_MAXIMA.login,
  })
  @IsOptional()
  @IsString({ message: USER_TEXTS.passwordMissing })
  @MaxLength(FIELD_MAXIMA.login, { message: FIELD_LIMIT_TEXTS.tooLong('login') })
  name?: string;

  @ApiPropertyOptional({
    description: 'E-mail address, optional.',
    type: String,
    nullable: true,
    maxLength: FIELD_MAXIMA.email,
  })
  @IsOptional()
  @IsString({ message: USER_TEXTS.passwordMissing })
  @MaxLength(FIELD_MAXIMA.email, { message: FIELD_LIMIT_TEXTS.tooLong('email') })
  email?: string | null;

  @ApiProperty({ description: 'The password.', format: 'password' })
  @IsString({ message: USER_TEXTS.passwordMissing })
  @IsNotEmpty({ message: USER_TEXTS.passwordMissing })
  newPassword!: string;
}

/** PATCH /api/users/:id: the user's own profile, and the e-mail popup's "seen" mark. */
export class UpdateUserDto {
  @ApiPropertyOptional({ description: 'Display name (at least 3 characters).' })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('name') })
  name?: string;

  @ApiPropertyOptional({ description: 'A new password; empty or absent keeps the old one.', format: 'password' })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('newPassword') })
  newPassword?: string;

  @ApiPropertyOptional({
    description: 'A new e-mail address (with `currentPassword`); empty or null removes it.',
    type: String,
    nullable: true,
    maxLength: FIELD_MAXIMA.email,
  })
  @IsOptional()
  @MaxLength(FIELD_MAXIMA.email, { message: FIELD_LIMIT_TEXTS.tooLong('email') })
  @IsString({ message: FIELD_TEXTS.notText('email') })
  email?: string | null;

  @ApiPropertyOptional({
    description:
      "The current password: needed with `newPassword` or `email` (not when an admin sets another user's password).",
    format: 'password',
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('currentPassword') })
  currentPassword?: string;

  @ApiPropertyOptional({
    description: 'Any value marks the e-mail popup as seen (the server records the time).',
    oneOf: [{ type: 'string' }, { type: 'number' }],
    nullable: true,
  })
  @IsOptional()
  @IsTextOrNumber({ message: FIELD_TEXTS.notTextOrNumber('shownEmailPopupAt') })
  shownEmailPopupAt?: string | number | null;
}

/** DELETE /api/users/me: the user erases their own account. */
export class EraseAccountDto {
  @ApiProperty({ description: 'The current password.', format: 'password' })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('currentPassword') })
  currentPassword?: string;
}
