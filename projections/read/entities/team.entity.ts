import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { TeamOrigin } from '../../../events';

/** A team's public fields (no password: that lives on the write side). */
@Entity({ name: 'read_teams' })
export class TeamRow {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  /** Derived, for the case-insensitive team search. */
  @Index('read_teams_lower_name')
  @Column({ name: 'lower_name', type: 'text' })
  lowerName!: string;

  @Column({ type: 'text' })
  stadt!: string;

  @Column({ type: 'text' })
  beschreibung!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ name: 'is_new', type: 'boolean' })
  isNew!: boolean;

  @Column({ type: 'text' })
  origin!: TeamOrigin;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
