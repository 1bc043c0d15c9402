import { recordedAt } from '../logged-events';
import type { Projector } from '../projector';
import { upsertRows, type RowColumn } from '../rows';
import type { ReadSqlSession } from '../sql';

const COLUMNS: readonly RowColumn[] = [
  { name: 'upload_id', type: 'text' },
  { name: 'file_index', type: 'integer' },
  { name: 'file_name', type: 'text' },
  { name: 'kind', type: 'text' },
  { name: 'user_id', type: 'text' },
  { name: 'team_id', type: 'text' },
  { name: 'label', type: 'text' },
  { name: 'question_night_id', type: 'text' },
  { name: 'question_round', type: 'integer' },
  { name: 'question_number', type: 'integer' },
  { name: 'uploaded_at', type: 'timestamptz' },
];

/** Uploaded images' metadata, one row per file; a question upload also names its question. */
export const uploadsProjector: Projector = {
  name: 'uploads',
  version: 1,
  tables: ['read_uploads'],
  types: ['UploadRecorded', 'UserErased'],

  async apply(tx, events) {
    const rows: unknown[][] = [];
    for (const { event } of events) {
      if (event.type === 'UserErased') {
        // Their files are deleted (src/identity/erasure.ts): so are the rows that pointed at them.
        await upsertRows(tx, 'read_uploads', COLUMNS, rows.splice(0), {
          keys: ['upload_id', 'file_index'],
          update: 'all',
        });
        await tx.query('DELETE FROM read_uploads WHERE user_id = $1', [event.data.userId]);
        continue;
      }
      if (event.type !== 'UploadRecorded') continue;
      const d = event.data;
      const q = d.question;
      d.fileNames.forEach((fileName, index) =>
        rows.push([
          d.uploadId,
          index,
          fileName,
          d.kind,
          d.userId,
          d.teamId,
          d.label,
          q?.nightId ?? null,
          q?.round ?? null,
          q?.number ?? null,
          recordedAt(event),
        ]),
      );
    }
    await upsertRows(tx, 'read_uploads', COLUMNS, rows, { keys: ['upload_id', 'file_index'], update: 'all' });
  },
};

/** The names of the files a person uploaded, as the upload store keeps them (erasure deletes them: src/identity/erasure.ts). */
export async function uploadedFileNames(db: ReadSqlSession, userId: string): Promise<string[]> {
  const rows = await db.query<{ file_name: string }>(
    'SELECT file_name FROM read_uploads WHERE user_id = $1 ORDER BY upload_id, file_index',
    [userId],
  );
  return rows.map((row) => row.file_name);
}
