import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PointsRow } from '../../../events';

/** The ranking the moderator published (mp), show-wide: one row, key 'show'. */
@Entity({ name: 'read_published_ranking' })
export class PublishedRankingRow {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'boolean' })
  published!: boolean;

  @Column({ name: 'quiz_id', type: 'text', nullable: true })
  quizId!: string | null;

  @Column({ type: 'jsonb' })
  rounds!: number[];

  @Column({ name: 'sorted_teams', type: 'jsonb' })
  sortedTeams!: PointsRow[];

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
