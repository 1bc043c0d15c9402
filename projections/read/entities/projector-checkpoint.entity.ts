import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How far in the log a projector has applied events; written in the same transaction as its rows. */
@Entity({ name: 'read_projector_checkpoints' })
export class ProjectorCheckpointRow {
  @PrimaryColumn({ type: 'text' })
  projector!: string;

  @Column({ type: 'bigint' })
  position!: number;
}
