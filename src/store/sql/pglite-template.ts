import type { PGlite } from '@electric-sql/pglite';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * A new embedded database (in a fresh directory or in memory) starts as a copy of a freshly initialised cluster instead of running
 * initdb. PGlite's initdb loads its WebAssembly twice and builds the whole catalogue: it was most of
 * a start on an empty store (measured on the 2-core machine under load: 10-33 s for initdb, 2.2 s
 * from the copy). The first initdb on a machine saves its cluster, untouched, as the template (4.5 MB
 * gzipped, per PGlite version, in the user's cache directory); a template that cannot be read or
 * loaded is dropped and initdb runs as before.
 */
export async function createPglite(PGliteClass: typeof PGlite, dataDir?: string): Promise<PGlite> {
  const startParams = [...PGliteClass.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];
  if (dataDir && existsSync(path.join(dataDir, 'PG_VERSION'))) return PGliteClass.create({ dataDir, startParams });
  const template = templateFile();
  const copy = await readFile(template).catch(() => null);
  if (copy) {
    try {
      return await PGliteClass.create({ dataDir, startParams, loadDataDir: new Blob([copy]) });
    } catch {
      await rm(template, { force: true });
      if (dataDir) {
        await rm(dataDir, { recursive: true, force: true });
        await mkdir(dataDir, { recursive: true });
      }
    }
  }
  const db = await PGliteClass.create({ dataDir, startParams });
  await saveTemplate(db, template).catch(() => undefined); // only a cache: the next empty start runs initdb again
  return db;
}

/**
 * Postgres's buffer cache inside the WASM heap. initdb writes 128MB into the cluster's configuration;
 * PGlite zeroes and touches it on every open, which was half a second of a core per start and about
 * 100 MB of memory, and a single-user store gains nothing from it: the operating system's page cache
 * holds the files anyway (restart bench at a million events: 3.28 s with 128MB, 2.95 s with 16MB;
 * see docs/decisions/joins-connects-starts.md).
 */
const SHARED_BUFFERS = '16MB';

/** `$XDG_CACHE_HOME/quiz-show` (else `~/.cache/quiz-show`), one file per PGlite version. */
export function templateFile(): string {
  const cache = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(cache, 'quiz-show', `pglite-${pgliteVersion()}-initdb.tar.gz`);
}

function pgliteVersion(): string {
  const entry = require.resolve('@electric-sql/pglite'); // <package>/dist/index.cjs
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** Written beside and renamed into place, so that a reader never sees half a template. */
async function saveTemplate(db: PGlite, file: string): Promise<void> {
  await db.exec('CHECKPOINT'); // everything initdb wrote is in the files, nothing waits in the WAL
  const dump = await db.dumpDataDir('gzip');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  await rename(partial, file);
}
