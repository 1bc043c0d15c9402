import type { EventEnvelope } from './envelope';

/** `show`: the show's own pictures (its logo), admins only, in the admin's folder. */
export type UploadKind = 'team' | 'question' | 'user' | 'show';

export interface UploadRecordedDataV1 {
  uploadId: string;
  kind: UploadKind;
  userId: string;
  teamId: string | null;
  fileNames: string[];
  /** The resolution / file name a user typed for a pause upload. */
  label: string | null;
}

/** The question of a night, by its position in the quiz. */
export interface UploadQuestion {
  nightId: string;
  round: number;
  number: number;
}

/** Version 2: a question upload says which question was open (for the audit of a night). */
export interface UploadRecordedData {
  uploadId: string;
  kind: UploadKind;
  userId: string;
  teamId: string | null;
  fileNames: string[];
  /** The resolution / file name a user typed for a pause upload. */
  label: string | null;
  /** The question open (qa or qc) when a `question` upload was recorded; null for team and user uploads and when none was open. */
  question: UploadQuestion | null;
}

export type UploadRecordedV1 = EventEnvelope<'UploadRecorded', 1, UploadRecordedDataV1>;
/** Metadata of stored images; the bytes live in the upload store under these file names. */
export type UploadRecorded = EventEnvelope<'UploadRecorded', 2, UploadRecordedData>;

export type UploadEvent = UploadRecorded;
