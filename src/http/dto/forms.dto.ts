import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { texts } from '../../commands/texts';
import { IsTextOrNumber } from '../validation';

/** POST /api/fqps/gruss/new: a greeting for the wall. */
export class GreetingDto {
  @ApiProperty({ description: 'Who greets (at most 50 characters).', example: 'Oma Erna' })
  @IsString({ message: texts.greetingFieldMissing })
  username!: string;

  @ApiProperty({ description: 'The greeting (at most 500 characters).', example: 'Hallo Köln!' })
  @IsString({ message: texts.greetingFieldMissing })
  message!: string;
}

/** POST /api/fqps/team/new: a team signed up by QR code while a moderator is connected. */
export class QrTeamDto {
  @ApiProperty({ description: 'Team name, unique case-insensitively.', example: 'Tisch 4' })
  @IsString({ message: texts.qrTeamNameMissing })
  name!: string;

  @ApiPropertyOptional({ description: 'About how many members (a number, or its text).', oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true, example: '3' })
  @IsOptional()
  @IsTextOrNumber({ message: texts.qrTeamAmountNotNumeric })
  amount?: string | number | null;
}
