/**
 * argon2 on threads of our own (src/identity/argon2-threads.ts; issue 34): each thread runs the hashes
 * handed to it one after the other; what it answers belongs to the job it was asked for.
 */
import { Argon2Threads } from '../../src/identity/argon2-threads';
import { PasswordHasher } from '../../src/identity/password-hasher';
import { ARGON2ID } from '../../src/identity/passwords';

/** The parameters of the releases before issue 34's fifth round. */
const EARLIER = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

describe('argon2 threads', () => {
  const threads = new Argon2Threads(1);
  const hasher = new PasswordHasher();
  afterAll(async () => {
    await threads.close();
    await hasher.close();
  });

  it('given a password hashed on the thread, then the hash is argon2id with the parameters asked for, and only the right password verifies against it', async () => {
    const hashed = await threads.hash('richtig', ARGON2ID);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await threads.verify(hashed, 'richtig')).toBe(true);
    expect(await threads.verify(hashed, 'falsch')).toBe(false);
  });

  it('given many verifications handed to one thread at once, then each gets its own answer, in the order handed', async () => {
    const hashed = await threads.hash('richtig', ARGON2ID);
    const passwords = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'richtig' : `falsch-${i}`));
    const finished: number[] = [];
    const answers = await Promise.all(
      passwords.map((password, i) => threads.verify(hashed, password).then((ok) => (finished.push(i), ok))),
    );
    expect(answers).toEqual(passwords.map((p) => p === 'richtig'));
    expect(finished).toEqual(passwords.map((_, i) => i));
  });

  it('given an unreadable hash, then its verification fails with an error and the thread goes on with the next job', async () => {
    await expect(threads.verify('kein-hash', 'egal')).rejects.toThrow();
    const hashed = await threads.hash('weiter', ARGON2ID);
    expect(await threads.verify(hashed, 'weiter')).toBe(true);
  });

  it('given a password hashed with the earlier parameters (19 MiB, 2 iterations), then it still verifies, with its own parameters', async () => {
    const earlier = await threads.hash('von-frueher', EARLIER);
    expect(earlier).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(earlier, 'von-frueher')).toBe(true);
    expect(await hasher.verify(earlier, 'falsch')).toBe(false);
  });

  it('given two threads, then jobs go to the one with fewer waiting and all are answered', async () => {
    const two = new Argon2Threads(2);
    const hashes = await Promise.all(['a', 'b', 'c', 'd'].map((p) => two.hash(p, ARGON2ID)));
    expect(await Promise.all(hashes.map((h, i) => two.verify(h, ['a', 'b', 'c', 'd'][i]!)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
