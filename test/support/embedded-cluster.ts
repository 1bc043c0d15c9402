import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPglite, templateFile } from '../../src/store/sql/pglite-template';

/**
 * A new embedded store for a test server, as a copy of a freshly initialised cluster: the server then
 * opens an existing cluster (as on a restart) and runs its migrations on it as on a first start. A new
 * store otherwise unpacks the gzipped template through PGlite's file system, file by file (about 970
 * files): 3.3 s of a core on the loaded 2-core machine, against 1.5 s for this copy and the open; the
 * e2e and browser suites start about a hundred embedded stores. The first test on a machine makes the
 * cluster once, from the product's own template (src/store/sql/pglite-template.ts), so it is the same
 * cluster a first start makes; the product's own way in stays tested by the servers the tests start
 * without this (npm start, the console tools, the seeded nights, the spawned instances).
 */
const CLUSTER = path.join(tmpdir(), `quiz-test-${path.basename(templateFile(), '.tar.gz')}`);

/** Writes a fresh, empty cluster into `<dataDir>/pglite` (the embedded store's directory), unless one is there. */
export async function seedEmptyCluster(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'pglite');
  if (existsSync(path.join(target, 'PG_VERSION'))) return;
  if (!existsSync(path.join(CLUSTER, 'PG_VERSION'))) await makeCluster();
  await mkdir(target, { recursive: true });
  await cp(CLUSTER, target, { recursive: true });
}

/** Made beside and renamed into place: a test file starting meanwhile never copies half a cluster; of two made at once, one stays. */
async function makeCluster(): Promise<void> {
  const partial = await mkdtemp(`${CLUSTER}.partial-`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await createPglite(PGlite, partial);
  await db.close();
  await rename(partial, CLUSTER).catch(() => rm(partial, { recursive: true, force: true }));
}
