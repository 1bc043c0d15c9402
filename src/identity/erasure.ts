import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Actor } from '../../events';
import { uploadedFileNames } from '../../projections/read';
import type { CommandOutcome } from '../engine/command-pipeline';
import type { Runtime } from '../runtime';

/**
 * Erasure (DSGVO Art. 17, docs/decisions/erasure.md). The UserErased event is the record of it; then
 * everything of the person outside the log goes: their vault rows (the personal fields of their
 * events), their login with its password hash, their failed logins and their uploaded files. Snapshots
 * that still name them are the engine's (src/engine/live-state.ts), the read models' rows their
 * projectors'. Each step can run again: a start finishes an erasure a crash interrupted.
 * `currentPasswordOk`: the edge's verdict on the acting user's current password (the rule needs it).
 */
export async function eraseUser(runtime: Runtime, userId: string, actor: Actor, currentPasswordOk: boolean): Promise<CommandOutcome> {
  const login = runtime.engine.live.state.users.get(userId)?.login;
  const files = await uploadedFilesOf(runtime, userId);
  const outcome = await runtime.engine.pipeline.submit({ type: 'EraseUser', userId, currentPasswordOk }, actor);
  if (!outcome.ok) return outcome;
  await forgetErased(runtime, [userId]);
  if (login !== undefined) await runtime.loginLimits.forget(login);
  await removeUploads(runtime, files);
  return outcome;
}

/** What the write side still holds of erased people goes (idempotent; also at every start). */
export async function forgetErased(runtime: Runtime, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await runtime.storage.vault.erase(userIds);
  await runtime.secrets.credentials.remove(...userIds);
}

/** The erased users of the live state: a start finishes what an interrupted erasure left. */
export function erasedUsers(runtime: Runtime): string[] {
  const erased: string[] = [];
  runtime.engine.live.state.users.forEach((user) => {
    if (user.erased) erased.push(user.id);
  });
  return erased;
}

/** Deletes stored uploads; their bytes are their owners' no longer (src/limits/uploads.ts). */
async function removeUploads(runtime: Runtime, names: readonly string[]): Promise<void> {
  const removed = await Promise.all(
    names.map(async (name) => {
      const file = path.join(runtime.uploadsDir, name);
      const size = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
      await rm(file, { force: true });
      return { name, size };
    }),
  );
  await runtime.uploadLimits.freed(removed.filter((r) => r.size > 0));
}

async function uploadedFilesOf(runtime: Runtime, userId: string): Promise<string[]> {
  return (await uploadedFileNames(runtime.storage.sql, userId)).filter((name) => !name.split('/').includes('..'));
}
