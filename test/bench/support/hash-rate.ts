/**
 * The machine's password hash rate, as the server hashes: argon2id with the server's parameters through
 * its hashing queue (src/identity/passwords.ts), ARGON2_AT_ONCE at a time, as fast as they go. Started by
 * show-start.bench.ts as a child process pinned like the server; prints `hash-rate {json}`.
 */
import { ARGON2_AT_ONCE, hashPassword, verifyPassword } from '../../../src/identity/passwords';
import { numberFlag } from './cli';

async function main(): Promise<void> {
  const count = numberFlag('hashes', 100);
  const hash = await hashPassword('bench-passwort');
  await verifyPassword(hash, 'warm-up');
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ARGON2_AT_ONCE + 1 }, async () => {
      while (next++ < count) await verifyPassword(hash, 'falsch');
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`hash-rate ${JSON.stringify({ hashesPerSecond: count / seconds, atOnce: ARGON2_AT_ONCE, count })}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
