import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { IsTextOrNumber } from '../validation';
import { TEAM_COMMAND_TEXTS } from '../../commands/teams';
import { FORM_COMMAND_TEXTS } from '../../commands/forms';

/** POST /api/fqps/gruss/new: a greeting for the wall. */
export class GreetingDto {
  @ApiProperty({ description: 'Who greets (at most 50 characters).', example: 'Oma Erna' })
  @IsString({ message: FORM_COMMAND_TEXTS.greetingFieldMissing })
  username!: string;

  @ApiProperty({ description: 'The greeting (at most 500 characters).', example: 'Hallo Köln!' })
  @IsString({ message: FORM_COMMAND_TEXTS.greetingFieldMissing })
  message!: string;
}

/** POST /api/fqps/team/new: a team signed up by QR code while a moderator is connected. */
export class QrTeamDto {
  @ApiProperty({ description: 'Team name, unique case-insensitively.', example: 'Tisch 4' })
  @IsString({ message: TEAM_COMMAND_TEXTS.qrTeamNameMissing })
  name!: string;

  @ApiPropertyOptional({
    description: 'About how many members (a number, or its text).',
    oneOf: [{ type: 'string' }, { type: 'number' }],
    nullable: true,
    example: '3',
  })
  @IsOptional()
  @IsTextOrNumber({ message: TEAM_COMMAND_TEXTS.qrTeamAmountNotNumeric })
  amount?: string | number | null;
}
