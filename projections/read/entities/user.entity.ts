import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A user's public fields (no password hash, no login tokens: those live on the write side). */
@Entity({ name: 'read_users' })
export class UserRow {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  login!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Index('read_users_team_id')
  @Column({ name: 'team_id', type: 'text', nullable: true })
  teamId!: string | null;

  @Column({ type: 'jsonb' })
  roles!: string[];

  @Column({ name: 'shown_email_popup_at', type: 'timestamptz', nullable: true })
  shownEmailPopupAt!: Date | null;

  @Column({ name: 'registered_at', type: 'timestamptz' })
  registeredAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
