import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { FIELD_MAXIMA } from '../../../projections/live';
import { LOGIN_TEXTS } from '../../edge-texts';

const withoutToken = (body: TokenAuthDto) => body.token === undefined;

/** POST /api/token-auth/: a login name and password, or the token of a one-time login link. */
export class TokenAuthDto {
  @ApiPropertyOptional({
    description:
      'Login name (case-insensitive); needed without `token`. A longer one than the maximum is refused (400) and counted as a failed login.',
    example: 'admin',
    maxLength: FIELD_MAXIMA.login,
  })
  @ValidateIf(withoutToken)
  @IsString({ message: LOGIN_TEXTS.missingFields })
  @Matches(/\S/, { message: LOGIN_TEXTS.missingFields })
  username?: string;

  @ApiPropertyOptional({ description: 'Password; needed without `token`.', format: 'password' })
  @ValidateIf(withoutToken)
  @IsString({ message: LOGIN_TEXTS.missingFields })
  @IsNotEmpty({ message: LOGIN_TEXTS.missingFields })
  password?: string;

  @ApiPropertyOptional({ description: 'The token of a one-time login link (single use, 24 hours).' })
  @IsOptional()
  @IsString({ message: LOGIN_TEXTS.invalidLink })
  token?: string;
}

export class TokenDto {
  @ApiPropertyOptional({
    description: 'The login token (JWT, HS256, claims `id`, `perm`, `iat`, `exp`), valid for 7 days.',
  })
  token!: string;
}
