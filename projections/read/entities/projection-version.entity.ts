import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The version of the projector that built each projection's tables (Projector.version). */
@Entity({ name: 'read_projection_versions' })
export class ProjectionVersionRow {
  @PrimaryColumn({ type: 'text' })
  projector!: string;

  @Column({ type: 'integer' })
  version!: number;
}
