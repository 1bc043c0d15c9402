import { Column, Entity, PrimaryColumn } from 'typeorm';

export type AnswerChangeSource = 'rating' | 'regex' | 'ship';

/** Every rating an answer received, in log order: the history behind the answer's current values. */
@Entity({ name: 'read_answer_changes' })
export class AnswerChangeRow {
  @PrimaryColumn({ name: 'answer_id', type: 'text' })
  answerId!: string;

  /** The log position of the event that made the change. */
  @PrimaryColumn({ type: 'bigint' })
  position!: number;

  @Column({ type: 'text' })
  source!: AnswerChangeSource;

  @Column({ type: 'double precision' })
  points!: number;

  @Column({ type: 'boolean' })
  checked!: boolean;

  @Column({ type: 'boolean' })
  liked!: boolean;

  @Column({ type: 'text', nullable: true })
  tester!: string | null;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
