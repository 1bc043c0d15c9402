import { recordedAt } from '../logged-events';
import type { Projector } from '../projector';
import { upsertRows, type RowColumn } from '../rows';

const COLUMNS: readonly RowColumn[] = [
  { name: 'upload_id', type: 'text' },
  { name: 'file_index', type: 'integer' },
  { name: 'file_name', type: 'text' },
  { name: 'kind', type: 'text' },
  { name: 'user_id', type: 'text' },
  { name: 'team_id', type: 'text' },
  { name: 'label', type: 'text' },
  { name: 'uploaded_at', type: 'timestamptz' },
];

/** Uploaded images' metadata, one row per file. */
export const uploadsProjector: Projector = {
  name: 'uploads',
  tables: ['read_uploads'],

  async apply(tx, events) {
    const rows: unknown[][] = [];
    for (const { event } of events) {
      if (event.type !== 'UploadRecorded') continue;
      const d = event.data;
      d.fileNames.forEach((fileName, index) => rows.push([d.uploadId, index, fileName, d.kind, d.userId, d.teamId, d.label, recordedAt(event)]));
    }
    await upsertRows(tx, 'read_uploads', COLUMNS, rows, { keys: ['upload_id', 'file_index'], update: 'all' });
  },
};
