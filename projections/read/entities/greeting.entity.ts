import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A greeting for the wall (gruss). */
@Entity({ name: 'read_greetings' })
export class GreetingRow {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt!: Date;
}
