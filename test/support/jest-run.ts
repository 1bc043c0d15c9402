import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterDir } from './embedded-cluster';

/**
 * Jest's global setup and teardown (jest.config.js): names the run, for what the test files share
 * within it and no longer (the migrated empty cluster of test/support/embedded-cluster.ts), and
 * removes that afterwards. The workers inherit the name through the environment.
 */
export async function setup(): Promise<void> {
  process.env.QUIZ_TEST_RUN ??= `${process.pid}-${randomBytes(4).toString('hex')}`;
  await removeLeftovers();
}

export async function teardown(): Promise<void> {
  await rm(clusterDir(), { recursive: true, force: true });
}

/**
 * Clusters of runs killed before their teardown (their process is gone), and the one per machine
 * that earlier test support kept.
 */
async function removeLeftovers(): Promise<void> {
  const prefix = path.basename(clusterDir('')); // quiz-test-cluster-
  for (const name of await readdir(tmpdir()).catch(() => [])) {
    const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length).split('-')[0]) : NaN;
    const stale = name.startsWith('quiz-test-pglite-') || (Number.isInteger(pid) && !isRunning(pid));
    if (stale) await rm(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
