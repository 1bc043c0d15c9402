import type { EventEnvelope } from './envelope';

export type UploadKind = 'team' | 'question' | 'user';

/** Metadata of stored images; the bytes live in the upload store under these file names. */
export type UploadRecorded = EventEnvelope<'UploadRecorded', 1, {
  uploadId: string;
  kind: UploadKind;
  userId: string;
  teamId: string | null;
  fileNames: string[];
  /** The resolution / file name a user typed for a pause upload. */
  label: string | null;
}>;

export type UploadEvent = UploadRecorded;
