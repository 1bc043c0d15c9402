/**
 * The machine's password hash rate, as the server hashes: argon2id with the server's parameters through
 * a hashing queue of its own (src/identity/password-hasher.ts), ARGON2_AT_ONCE at a time with the threads' inboxes full
 * (ARGON2_HANDED), as fast as they go. Started by show-start.bench.ts (pinned like the server) and
 * hash-beside.bench.ts as a child process; prints `hash-rate {json}`.
 */
import { PasswordHasher } from '../../../src/identity/password-hasher';
import { ARGON2_AT_ONCE, ARGON2_HANDED } from '../../../src/identity/passwords';
import { numberFlag } from './cli';
import { cpuByThread } from './processes';

async function main(): Promise<void> {
  const count = numberFlag('hashes', 100);
  const hasher = new PasswordHasher();
  const hash = await hasher.hash('bench-passwort');
  await hasher.verify(hash, 'warm-up');
  let next = 0;
  const before = await cpuByThread(process.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ARGON2_HANDED + 1 }, async () => {
      while (next++ < count) await hasher.verify(hash, 'falsch');
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = await cpuByThread(process.pid);
  // The hashing threads' CPU per hash, and the kernel's part of it: the figures the surge's are compared with
  // (null before Node 22, whose threads have no names to find them by).
  const named = after.pool > before.pool;
  const cpuMsPerHash = named ? (1000 * (after.pool - before.pool)) / count : null;
  const systemMsPerHash = named ? (1000 * (after.poolSystem - before.poolSystem)) / count : null;
  process.stdout.write(
    `hash-rate ${JSON.stringify({ hashesPerSecond: count / seconds, atOnce: ARGON2_AT_ONCE, count, cpuMsPerHash, systemMsPerHash })}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
