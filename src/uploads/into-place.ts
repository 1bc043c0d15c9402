import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { AfterStep } from '../identity/secured-command';

/** A received file and the stored name it gets (<kind>/<owner id>/<uuid>.<ext>, under the uploads folder). */
export interface FileToStore {
  readonly from: string;
  readonly name: string;
}

/**
 * The files of a RecordUpload moved from the incoming folder to their stored names, once the event is
 * stored (the secured-command step's `after`): a crash before the move leaves a name that answers 404,
 * never a file without a record.
 */
export function movedIntoPlace(uploadsDir: string, files: readonly FileToStore[]): AfterStep {
  return {
    run: async () => {
      const folders = new Set(files.map((file) => path.dirname(path.join(uploadsDir, file.name))));
      await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
      await Promise.all(files.map((file) => rename(file.from, path.join(uploadsDir, file.name))));
    },
  };
}
