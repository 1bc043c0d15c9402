/**
 * Password hashing has a bounded queue (PROTOCOL.md, wave 3, "People who would hurt the show"):
 * beyond it a hash is refused at once with the German busy text, and what was queued still runs.
 */
import { ARGON2_AT_ONCE, ARGON2_MAX_WAITING, HASHING_BUSY_TEXT, HashingBusy, hashPassword, hashingLoad, verifyPassword } from '../../src/identity/passwords';

describe('the password hashing queue', () => {
  it('given the threads busy and the queue full, when one more verification comes, then it is refused at once with 429 and the German text; the queued ones all finish', async () => {
    const hashed = await hashPassword('richtig');
    const admitted = Array.from({ length: ARGON2_AT_ONCE + ARGON2_MAX_WAITING }, () => verifyPassword(hashed, 'falsch'));
    expect(hashingLoad()).toEqual({ running: ARGON2_AT_ONCE, waiting: ARGON2_MAX_WAITING });

    const refused = verifyPassword(hashed, 'richtig');
    await expect(refused).rejects.toBeInstanceOf(HashingBusy);
    const error = await refused.catch((e: HashingBusy) => e);
    expect((error as HashingBusy).getStatus()).toBe(429);
    expect((error as HashingBusy).getResponse()).toEqual({ errors: [{ status: '429', detail: HASHING_BUSY_TEXT }] });
    expect(HASHING_BUSY_TEXT).toBe('Der Server ist gerade sehr beschäftigt. Bitte versuche es gleich noch einmal.');

    expect(await Promise.all(admitted)).toEqual(admitted.map(() => false));
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
    expect(await verifyPassword(hashed, 'richtig')).toBe(true);
  }, 60_000);

  it('given the threads busy, then team-password checks (background) may fill only half the queue, and a login queued after them is served first', async () => {
    const hashed = await hashPassword('richtig');
    const order: string[] = [];
    const track = (name: string, promise: Promise<boolean>) => promise.then((ok) => (order.push(name), ok));
    const busy = Array.from({ length: ARGON2_AT_ONCE }, (_, i) => track(`running ${i}`, verifyPassword(hashed, 'falsch', 'background')));
    const background = Array.from({ length: ARGON2_MAX_WAITING / 2 }, (_, i) => track(`background ${i}`, verifyPassword(hashed, 'falsch', 'background')));
    await expect(verifyPassword(hashed, 'falsch', 'background')).rejects.toBeInstanceOf(HashingBusy);
    const login = track('login', verifyPassword(hashed, 'richtig'));
    expect(await login).toBe(true);
    await Promise.all([...busy, ...background]);
    expect(order.indexOf('login')).toBeLessThan(order.indexOf('background 0'));
  }, 60_000);
});
