import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { clusterDir } from './embedded-cluster';

/**
 * Jest's global setup and teardown (jest.config.js): names the run, for what the test files share
 * within it and no longer (the migrated empty cluster of test/support/embedded-cluster.ts), and
 * removes that afterwards. The workers inherit the name through the environment.
 */
export async function setup(): Promise<void> {
  process.env.QUIZ_TEST_RUN ??= `${process.pid}-${randomBytes(4).toString('hex')}`;
}

export async function teardown(): Promise<void> {
  await rm(clusterDir(), { recursive: true, force: true });
}
