import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { FIELD_LIMIT_TEXTS, FIELD_MAXIMA } from '../../../projections/live';
import { PASSWORD_RESET_EDGE_TEXTS } from '../../edge-texts';

const withoutLogin = (body: PasswordResetRequestDto) => body.login === undefined;

/** POST /api/password-reset: the account by its login or its e-mail address. */
export class PasswordResetRequestDto {
  @ApiPropertyOptional({
    description: 'Login name (case-insensitive); or give `email`.',
    example: 'leonie',
    maxLength: FIELD_MAXIMA.login,
  })
  @IsOptional()
  @MaxLength(FIELD_MAXIMA.login, { message: FIELD_LIMIT_TEXTS.tooLong('login') })
  @Matches(/\S/, { message: PASSWORD_RESET_EDGE_TEXTS.nameOrEmail })
  @IsString({ message: PASSWORD_RESET_EDGE_TEXTS.nameOrEmail })
  login?: string;

  @ApiPropertyOptional({
    description: 'The e-mail address of the account; or give `login`.',
    example: 'leonie@example.de',
    maxLength: FIELD_MAXIMA.email,
  })
  @ValidateIf(withoutLogin)
  @MaxLength(FIELD_MAXIMA.email, { message: FIELD_LIMIT_TEXTS.tooLong('email') })
  @Matches(/\S/, { message: PASSWORD_RESET_EDGE_TEXTS.nameOrEmail })
  @IsString({ message: PASSWORD_RESET_EDGE_TEXTS.nameOrEmail })
  email?: string;
}

/** POST /api/password-reset/confirm: the token of the link and the new password. */
export class PasswordResetConfirmDto {
  @ApiProperty({ description: 'The token after `#` in the link (single use, 60 minutes).' })
  @IsString({ message: PASSWORD_RESET_EDGE_TEXTS.linkMissing })
  @IsNotEmpty({ message: PASSWORD_RESET_EDGE_TEXTS.linkMissing })
  token!: string;

  @ApiProperty({ description: 'The new password (an operator needs at least 8 characters).', format: 'password' })
  @IsString({ message: PASSWORD_RESET_EDGE_TEXTS.passwordMissing })
  @IsNotEmpty({ message: PASSWORD_RESET_EDGE_TEXTS.passwordMissing })
  newPassword!: string;
}
