import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An answer locked in at the end of a question: a team's (team mode) or a user's (single mode),
 * with its rating. Each field that a rating changes has the time of its last change.
 */
@Entity({ name: 'read_quiz_answers' })
@Index('read_quiz_answers_question', ['quizId', 'round', 'num'])
@Index('read_quiz_answers_team', ['quizId', 'teamId'])
export class QuizAnswerRow {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'night_id', type: 'text' })
  nightId!: string;

  @Column({ name: 'quiz_id', type: 'text' })
  quizId!: string;

  @Column({ type: 'integer' })
  round!: number;

  @Column({ type: 'integer' })
  num!: number;

  @Column({ name: 'team_id', type: 'text', nullable: true })
  teamId!: string | null;

  @Column({ name: 'user_id', type: 'text', nullable: true })
  userId!: string | null;

  @Column({ type: 'text' })
  answer!: string;

  @Column({ type: 'double precision' })
  points!: number;

  /** The user who wrote the answer. */
  @Column({ type: 'text', nullable: true })
  quizzer!: string | null;

  /** The user who rated it last. */
  @Column({ type: 'text', nullable: true })
  tester!: string | null;

  @Column({ type: 'boolean' })
  checked!: boolean;

  @Column({ type: 'boolean' })
  liked!: boolean;

  @Column({ name: 'locked_in_at', type: 'timestamptz' })
  lockedInAt!: Date;

  @Column({ name: 'points_changed_at', type: 'timestamptz', nullable: true })
  pointsChangedAt!: Date | null;

  @Column({ name: 'checked_changed_at', type: 'timestamptz', nullable: true })
  checkedChangedAt!: Date | null;

  @Column({ name: 'liked_changed_at', type: 'timestamptz', nullable: true })
  likedChangedAt!: Date | null;

  /** The last rating of any kind, even one that changed nothing. */
  @Column({ name: 'rated_at', type: 'timestamptz', nullable: true })
  ratedAt!: Date | null;
}
