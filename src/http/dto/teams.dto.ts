import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_LIMIT_TEXTS, FIELD_MAXIMA } from '../../../projections/live';
import { TEAM_TEXTS } from '../../edge-texts';

/** POST /api/teams: a new team (JSON:API `teams` attributes or plain); the creator becomes its first member. */
export class CreateTeamDto {
  @ApiProperty({ description: 'Team name (at most 50 characters), unique case-insensitively.', example: 'Die Füchse' })
  @IsString({ message: TEAM_TEXTS.failed })
  name!: string;

  @ApiProperty({ description: 'The password others join with.', format: 'password' })
  @IsString({ message: TEAM_TEXTS.failed })
  @IsNotEmpty({ message: TEAM_TEXTS.failed })
  newPassword!: string;

  @ApiPropertyOptional({ description: 'Home town.', example: 'Köln', maxLength: FIELD_MAXIMA.teamCity })
  @IsOptional()
  @IsString({ message: TEAM_TEXTS.failed })
  @MaxLength(FIELD_MAXIMA.teamCity, { message: FIELD_LIMIT_TEXTS.tooLong('teamCity') })
  stadt?: string;

  @ApiPropertyOptional({ description: 'A short description.', maxLength: FIELD_MAXIMA.teamDescription })
  @IsOptional()
  @IsString({ message: TEAM_TEXTS.failed })
  @MaxLength(FIELD_MAXIMA.teamDescription, { message: FIELD_LIMIT_TEXTS.tooLong('teamDescription') })
  beschreibung?: string;

  @ApiPropertyOptional({
    description: 'The team picture: an https address (a new team has no uploads yet).',
    maxLength: FIELD_MAXIMA.teamUrl,
  })
  @IsOptional()
  @IsString({ message: TEAM_TEXTS.failed })
  @MaxLength(FIELD_MAXIMA.teamUrl, { message: FIELD_LIMIT_TEXTS.tooLong('teamUrl') })
  url?: string;
}
