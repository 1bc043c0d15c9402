import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openReadDataSource } from '../../projections/read';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';

/**
 * A new embedded store for a test server, as a copy of an empty cluster that the product's own first
 * start made (src/store/sql/pglite-template.ts) and migrated (write side and read tables): the server
 * then opens it as on a restart. A new store otherwise unpacks the gzipped template through PGlite's
 * file system, file by file (about 970 files), and migrates it: 3.3 s of a core on the loaded 2-core
 * machine; a whole test server's start and stop on this copy takes about 0.5 s
 * (docs/decisions/ci-time.md, fourth round), and the e2e and browser suites start about a hundred
 * embedded stores. The cluster is made once per Jest run (its directory is named by the run,
 * test/support/jest-run.ts), so it never lags behind the migrations under test. A first start's
 * migrations stay tested by the servers that start without it (npm start, the console tools, the
 * seeded nights, the spawned instances, the previous release's data, test/e2e/migrations.test.ts).
 */
export function clusterDir(run = process.env.QUIZ_TEST_RUN ?? `${process.pid}-outside-jest`): string {
  return path.join(tmpdir(), `quiz-test-cluster-${run}`);
}

/** Writes a fresh, empty, migrated cluster into `<dataDir>/pglite` (the embedded store), unless there is one. */
export async function seedEmptyCluster(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'pglite');
  if (existsSync(path.join(target, 'PG_VERSION'))) return;
  const cluster = clusterDir();
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) await makeCluster(cluster);
  await mkdir(target, { recursive: true });
  // cp(1): 30-40 ms for the cluster's 39 MB in about 1,000 files; Node's fs.cp took 300-550 ms of the test's core.
  await promisify(execFile)('cp', ['-R', `${cluster}/.`, target]);
}

/**
 * Made beside and renamed into place: a test file starting meanwhile never copies half a cluster;
 * of two made at once, one stays.
 */
async function makeCluster(cluster: string): Promise<void> {
  const partial = await mkdtemp(`${cluster}.partial-`);
  const db = await PgliteDatabase.open(partial);
  try {
    await migrateWriteSide(db);
    await (await openReadDataSource(db)).destroy();
  } finally {
    await db.close();
  }
  await rename(partial, cluster).catch(() => rm(partial, { recursive: true, force: true }));
}
