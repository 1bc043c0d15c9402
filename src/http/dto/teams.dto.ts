import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';

export const TEAM_TEXTS = {
  nameTaken: 'Konnte Gruppe nicht anlegen, da es den Namen bereits gibt.',
  failed: 'Konnte Gruppe nicht anlegen.',
} as const;

/** POST /api/teams: a new team (JSON:API `teams` attributes or plain); the creator becomes its first member. */
export class CreateTeamDto {
  @ApiProperty({ description: 'Team name (at most 50 characters), unique case-insensitively.', example: 'Die Füchse' })
  @IsString({ message: TEAM_TEXTS.failed })
  name!: string;

  @ApiProperty({ description: 'The password others join with.', format: 'password' })
  @IsString({ message: TEAM_TEXTS.failed })
  @IsNotEmpty({ message: TEAM_TEXTS.failed })
  newPassword!: string;

  @ApiPropertyOptional({ description: 'Home town.', example: 'Köln' })
  @IsOptional()
  @IsString({ message: TEAM_TEXTS.failed })
  stadt?: string;

  @ApiPropertyOptional({ description: 'A short description.' })
  @IsOptional()
  @IsString({ message: TEAM_TEXTS.failed })
  beschreibung?: string;

  @ApiPropertyOptional({ description: 'The team picture (a stored upload name) or a web address.' })
  @IsOptional()
  @IsString({ message: TEAM_TEXTS.failed })
  url?: string;
}
