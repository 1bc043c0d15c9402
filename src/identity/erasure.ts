import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { uploadedFileNames } from '../../projections/read';
import type { Engine } from '../engine/engine';
import type { LoginLimits } from '../limits/logins-and-registrations';
import type { UploadLimits } from '../limits/uploads';
import type { Storage } from '../store/storage';
import type { Credentials } from './credentials';
import type { AfterStep } from './secured-command';

/** What an erasure reaches: the log, and everything of the person outside it. */
export interface ErasureParts {
  readonly engine: Engine;
  readonly storage: Pick<Storage, 'vault' | 'sql'>;
  readonly credentials: Credentials;
  readonly loginLimits: LoginLimits;
  readonly uploadLimits: UploadLimits;
  readonly uploadsDir: string;
}

/**
 * Erasure (DSGVO Art. 17, docs/decisions/erasure.md). The UserErased event is the record of it; then
 * everything of the person outside the log goes: their vault rows (the personal fields of their
 * events), their login with its password hash, their failed logins and their uploaded files. Snapshots
 * that still name them are the engine's (src/engine/live-state.ts), the read models' rows their
 * projectors'. Each step can run again: a start finishes an erasure a crash interrupted.
 */
export class Erasure {
  constructor(private readonly parts: ErasureParts) {}

  /**
   * The clean-up after EraseUser (the secured-command step's `after`): what the person's login and
   * uploads are is read before the command (the event takes them away), and all goes once it is stored.
   */
  cleanUp(userId: string): AfterStep {
    let login: string | undefined;
    let files: string[] = [];
    return {
      before: async () => {
        login = this.parts.engine.live.state.users.get(userId)?.login;
        files = await this.uploadedFilesOf(userId);
      },
      run: async () => {
        await this.forget([userId]);
        if (login !== undefined) await this.parts.loginLimits.forget(login);
        await this.removeUploads(files);
      },
    };
  }

  /** What the write side still holds of erased people goes (idempotent). */
  async forget(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.parts.storage.vault.erase(userIds);
    await this.parts.credentials.remove(...userIds);
  }

  /** At a start: finishes what an interrupted erasure left, for every erased user of the live state. */
  async finishInterrupted(): Promise<void> {
    const erased: string[] = [];
    this.parts.engine.live.state.users.forEach((user) => {
      if (user.erased) erased.push(user.id);
    });
    await this.forget(erased);
  }

  /** Deletes stored uploads; their bytes are their owners' no longer (src/limits/uploads.ts). */
  private async removeUploads(names: readonly string[]): Promise<void> {
    const removed = await Promise.all(
      names.map(async (name) => {
        const file = path.join(this.parts.uploadsDir, name);
        const size = await stat(file).then(
          (s) => s.size,
          () => 0,
        );
        await rm(file, { force: true });
        return { name, size };
      }),
    );
    await this.parts.uploadLimits.freed(removed.filter((r) => r.size > 0));
  }

  private async uploadedFilesOf(userId: string): Promise<string[]> {
    return (await uploadedFileNames(this.parts.storage.sql, userId)).filter((name) => !name.split('/').includes('..'));
  }
}
