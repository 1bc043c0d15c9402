import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { Question } from '../../../events';
import { ValidateBy } from 'class-validator';
import { FIELD_TEXTS } from '../../edge-texts';

const QUESTION_SCHEMA = {
  type: 'object',
  properties: {
    type: { type: 'string', example: 'normal' },
    round: { type: 'integer', example: 1 },
    number: { type: 'integer', example: 1 },
    category: { type: 'string', example: '(3) Geschichte' },
    question: { type: 'string' },
    answer: { type: 'string' },
    points: { type: 'number', description: "-1: from the category's leading bracketed number" },
    options: { type: 'array', items: { type: 'string' } },
    extraInfo: { type: 'object', additionalProperties: true },
  },
} as const;

/** POST /api/quizzes and PATCH /api/quizzes/:id (JSON:API `quizzes` attributes or plain); PATCH changes only the fields given. */
export class QuizDto {
  @ApiPropertyOptional({ description: 'Quiz name (needed to create).', example: 'Quiz am Montag' })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('name') })
  name?: string;

  @ApiPropertyOptional({ description: 'Year and week (needed to create).', example: '2026-47' })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('yearWeek') })
  yearWeek?: string;

  @ApiPropertyOptional({
    description: 'The questions, or their JSON text (as the config page edits it).',
    oneOf: [{ type: 'array', items: QUESTION_SCHEMA }, { type: 'string' }],
  })
  @IsOptional()
  @ValidateBy(
    { name: 'isQuestionList', validator: { validate: (value) => Array.isArray(value) || typeof value === 'string' } },
    { message: FIELD_TEXTS.notList('content') },
  )
  content?: Question[] | string;
}
