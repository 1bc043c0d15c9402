import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Question, QuizOrigin } from '../../../events';

/** A quiz of the catalogue with its content (the list of questions), as the config page edits it. */
@Entity({ name: 'read_quizzes' })
export class QuizRow {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'year_week', type: 'text' })
  yearWeek!: string;

  @Column({ type: 'jsonb' })
  content!: Question[];

  @Column({ name: 'question_count', type: 'integer' })
  questionCount!: number;

  /** The highest round of the content (0 without questions). */
  @Column({ name: 'max_round', type: 'integer' })
  maxRound!: number;

  @Column({ type: 'text' })
  origin!: QuizOrigin;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
