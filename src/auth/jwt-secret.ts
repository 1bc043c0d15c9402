import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The secret that signs login tokens: JWT_SECRET when set, otherwise one generated on the first
 * start into the data dir (readable by the server's user only) and reused after restarts.
 */
export async function loadJwtSecret(configured: string | null, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error; // another process won the race: use its secret
  });
  return (await readFile(file, 'utf8')).trim();
}
