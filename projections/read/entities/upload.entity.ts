import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { UploadKind } from '../../../events';

/** One stored image of an upload (the bytes live in the upload store under `fileName`). */
@Entity({ name: 'read_uploads' })
export class UploadRow {
  @PrimaryColumn({ name: 'upload_id', type: 'text' })
  uploadId!: string;

  @PrimaryColumn({ name: 'file_index', type: 'integer' })
  fileIndex!: number;

  @Index('read_uploads_file_name')
  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ type: 'text' })
  kind!: UploadKind;

  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  @Column({ name: 'team_id', type: 'text', nullable: true })
  teamId!: string | null;

  @Column({ type: 'text', nullable: true })
  label!: string | null;

  /** The question open when a `question` upload was recorded (night, round, number); null otherwise. */
  @Column({ name: 'question_night_id', type: 'text', nullable: true })
  questionNightId!: string | null;

  @Column({ name: 'question_round', type: 'integer', nullable: true })
  questionRound!: number | null;

  @Column({ name: 'question_number', type: 'integer', nullable: true })
  questionNumber!: number | null;

  @Column({ name: 'uploaded_at', type: 'timestamptz' })
  uploadedAt!: Date;
}
