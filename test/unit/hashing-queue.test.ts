/**
 * Password hashing has a bounded queue (PROTOCOL.md, wave 3; issue 34, "The first minute of a show"):
 * one line in arrival order; beyond its bound a request gets a place in an outer line and a moment to
 * check in, worked out from its place and the measured pace; whoever's turn has come goes before newcomers.
 */
import {
  APPOINTMENT_GRACE_MS,
  APPOINTMENT_PACE,
  CHECK_IN_MS,
  HashingQueue,
  QueueFull,
  SHORTEST_APPOINTMENT_MS,
  type HashPriority,
} from '../../src/identity/hashing-queue';
import { httpAnswerOf } from '../../src/http/http-errors';
import {
  ARGON2_AHEAD_PER_THREAD,
  ARGON2_AT_ONCE,
  ARGON2_HANDED,
  ARGON2_MAX_WAITING,
  HASHING_BUSY_TEXT,
  HashingBusy,
} from '../../src/identity/passwords';
import { PasswordHasher } from '../../src/identity/password-hasher';

/** A queue on a clock the test moves, whose "hashes" finish when the test says so. */
function harness(options: { atOnce?: number; aheadPerThread?: number; maxWaiting?: number; hashMs?: number } = {}) {
  let clock = 1_000;
  const queue = new HashingQueue({
    atOnce: options.atOnce ?? 1,
    aheadPerThread: options.aheadPerThread,
    maxWaiting: options.maxWaiting ?? 8,
    now: () => clock,
    initialHashMs: options.hashMs ?? 40,
  });
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const submit = (name: string, priority: HashPriority = 'login', ticket?: string) =>
    queue.run(
      () =>
        new Promise<string>((resolve) => {
          started.push(name);
          finishers.set(name, () => resolve(name));
        }),
      priority,
      ticket,
    );
  /** Finishes the running hash `name` and lets the next one start. */
  const finish = async (name: string) => {
    finishers.get(name)!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof QueueFull)) throw new Error(`expected QueueFull, got ${String(error)}`);
    return error.appointment;
  };
  return { queue, started, submit, finish, refusal, advance: (ms: number) => (clock += ms) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the hashing queue', () => {
  it('given one thread busy, when logins and team-password checks arrive, then they run in arrival order, whatever their kind', async () => {
    const h = harness();
    const all = [h.submit('a'), h.submit('b', 'background'), h.submit('c'), h.submit('d', 'background'), h.submit('e')];
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await settle();
      expect(h.started.at(-1)).toBe(name);
      await h.finish(name);
    }
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(h.queue.figures()).toMatchObject({ running: 0, waiting: 0, done: 5, refused: 0 });
  });

  it('given the line full, when more arrive, then each is refused with an appointment after the one before, spaced by one hash, the first when the line will have drained to a quarter', async () => {
    const h = harness({ maxWaiting: 8, hashMs: 100 });
    void h.submit('running');
    for (let i = 0; i < 8; i++) void h.submit(`w${i}`);
    const appointments = [
      await h.refusal(h.submit('x')),
      await h.refusal(h.submit('y')),
      await h.refusal(h.submit('z')),
    ];
    // 8 waiting, a quarter is 2: 6 hashes of 100 ms until the line is that short; then one hash apart (paced a fifth faster).
    expect(APPOINTMENT_PACE).toBe(0.8);
    expect(appointments.map((a) => a.retryAfterMs)).toEqual([480, 560, 640]);
    expect(new Set(appointments.map((a) => a.ticket)).size).toBe(3);
    expect(h.queue.figures()).toMatchObject({ waiting: 8, appointments: 3, refused: 3 });
  });

  it('given a wait in time, then the line holds what the pool finishes in it at its pace, at least the least bound', async () => {
    const queue = new HashingQueue({ atOnce: 2, maxWaiting: 10, maxWaitMs: 20_000, now: () => 0, initialHashMs: 40 });
    expect(queue.figures().bound).toBe(1000); // 20 s at one hash per 20 ms (two threads of 40 ms)
    const shorter = new HashingQueue({ atOnce: 2, maxWaiting: 10, maxWaitMs: 100, now: () => 0, initialHashMs: 40 });
    expect(shorter.figures().bound).toBe(10);
  });

  it('given hashes finishing one after the other while others wait, then the appointments follow the measured pace', async () => {
    const h = harness({ maxWaiting: 4, hashMs: 1000 });
    void h.submit('running');
    for (let i = 0; i < 4; i++) void h.submit(`w${i}`);
    await settle();
    for (const name of ['running', 'w0', 'w1', 'w2']) {
      h.advance(100); // each 100 ms after the one before, not the 1000 ms guessed
      await h.finish(name);
    }
    const slot = h.queue.figures().slotMs;
    expect(slot).toBeCloseTo(1000 + (100 - 1000) / 10 + (100 - 910) / 10 + (100 - 829) / 10, 5);
    for (let i = 0; i < 4; i++) void h.submit(`more${i}`);
    const [first, second] = [await h.refusal(h.submit('x')), await h.refusal(h.submit('y'))];
    expect(Math.abs(second.retryAfterMs - first.retryAfterMs - slot * APPOINTMENT_PACE)).toBeLessThanOrEqual(1);
  });

  it('given a place in the outer line, when a newcomer arrives while the line has room, then it is placed behind; the holder checking in early keeps its place and is let in when its turn comes', async () => {
    const h = harness({ maxWaiting: 8, hashMs: 100 });
    void h.submit('running');
    for (let i = 0; i < 8; i++) void h.submit(`w${i}`);
    await settle();
    const first = await h.refusal(h.submit('early'));
    await h.finish('running');
    await h.finish('w0'); // 6 waiting: room in the line, but someone holds a place
    const newcomer = await h.refusal(h.submit('newcomer'));
    expect(newcomer.ticket).not.toBe(first.ticket);
    expect(h.queue.figures()).toMatchObject({ waiting: 6, appointments: 2 });
    // Too early (its moment has not come, the line is still long): a new moment, the same ticket and place.
    const again = await h.refusal(h.submit('early', 'login', first.ticket));
    expect(again.ticket).toBe(first.ticket);
    expect(h.queue.figures().appointments).toBe(2);
    h.advance(again.retryAfterMs);
    const kept = h.submit('early', 'login', first.ticket);
    expect(h.queue.figures()).toMatchObject({ waiting: 7, appointments: 1, kept: 1 });
    for (const name of ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7']) await h.finish(name);
    await settle();
    expect(h.started.at(-1)).toBe('early');
    await h.finish('early');
    expect(await kept).toBe('early');
  });

  it('given the line full, when a request only checks for room, then it is refused as run would refuse it (same appointment and place); when it has room, then nothing is taken', async () => {
    const h = harness({ maxWaiting: 8, hashMs: 100 });
    const refusedBy = (check: () => void) => {
      try {
        check();
      } catch (error) {
        if (error instanceof QueueFull) return error.appointment;
        throw error;
      }
      return null;
    };
    expect(refusedBy(() => h.queue.checkRoom('login'))).toBeNull();
    expect(h.queue.figures()).toMatchObject({ running: 0, waiting: 0, appointments: 0 });
    void h.submit('running');
    for (let i = 0; i < 8; i++) void h.submit(`w${i}`);
    await settle();
    const checked = refusedBy(() => h.queue.checkRoom('login'))!;
    expect(h.queue.figures()).toMatchObject({ waiting: 8, appointments: 1, refused: 1 });
    const byRun = await h.refusal(h.submit('next'));
    expect(byRun.retryAfterMs).toBeGreaterThan(checked.retryAfterMs); // placed behind the one that checked
    // Its moment come, the holder's check passes without using up its place; its run is let in with it.
    h.advance(checked.retryAfterMs);
    for (const name of ['running', 'w0', 'w1', 'w2', 'w3', 'w4', 'w5']) await h.finish(name);
    expect(refusedBy(() => h.queue.checkRoom('login', checked.ticket))).toBeNull();
    expect(h.queue.figures()).toMatchObject({ appointments: 2, kept: 0 });
    void h.submit('checked', 'login', checked.ticket);
    expect(h.queue.figures()).toMatchObject({ appointments: 1, kept: 1 });
  });

  it('given a moment far ahead, then the holder is told to check in after CHECK_IN_MS at most, and then gets a moment worked out at the pace of then', async () => {
    const h = harness({ maxWaiting: 4, hashMs: 100 });
    void h.submit('running');
    for (let i = 0; i < 4; i++) void h.submit(`w${i}`);
    const places = [];
    for (let i = 0; i < 200; i++) places.push(await h.refusal(h.submit(`p${i}`)));
    expect(places.at(-1)!.retryAfterMs).toBe(CHECK_IN_MS);
    h.advance(CHECK_IN_MS);
    const checkIn = await h.refusal(h.submit('p199', 'login', places.at(-1)!.ticket));
    expect(checkIn.ticket).toBe(places.at(-1)!.ticket);
    expect(checkIn.retryAfterMs).toBe(CHECK_IN_MS);
  });

  it('given a ticket not kept within the grace after its moment, then it is given up: newcomers get in again', async () => {
    const h = harness({ maxWaiting: 8 });
    void h.submit('running');
    for (let i = 0; i < 8; i++) void h.submit(`w${i}`);
    const missed = await h.refusal(h.submit('away'));
    for (const name of ['running', 'w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6']) await h.finish(name);
    h.advance(missed.retryAfterMs + APPOINTMENT_GRACE_MS + 1);
    expect(h.queue.figures().appointments).toBe(0);
    void h.submit('later');
    expect(h.queue.figures().waiting).toBe(1);
    // The stale ticket is a newcomer's now: it waits in line like one.
    void h.submit('away', 'login', missed.ticket);
    expect(h.queue.figures().waiting).toBe(2);
  });

  it('given the line nearly empty, then a newcomer gets in although appointments are open: the threads never idle for appointments not yet due', async () => {
    const h = harness({ maxWaiting: 8 });
    void h.submit('running');
    for (let i = 0; i < 8; i++) void h.submit(`w${i}`);
    await h.refusal(h.submit('booked'));
    for (const name of ['running', 'w0', 'w1', 'w2', 'w3', 'w4', 'w5']) await h.finish(name);
    expect(h.queue.figures()).toMatchObject({ waiting: 1, appointments: 1 });
    void h.submit('newcomer');
    expect(h.queue.figures().waiting).toBe(2);
  });

  it('given places in the outer line, when the first holder needs no hash after all (released), then it no longer counts ahead: the next holder is told a moment one hash sooner', async () => {
    const h = harness({ maxWaiting: 8, hashMs: 100 });
    void h.submit('running');
    for (let i = 0; i < 8; i++) void h.submit(`w${i}`);
    const first = await h.refusal(h.submit('teammate', 'background'));
    const second = await h.refusal(h.submit('next'));
    const before = await h.refusal(h.submit('next', 'login', second.ticket));
    h.queue.release(first.ticket);
    expect(h.queue.figures()).toMatchObject({ appointments: 1, released: 1, kept: 0, givenUp: 0 });
    const after = await h.refusal(h.submit('next', 'login', second.ticket));
    expect(before.retryAfterMs - after.retryAfterMs).toBe(100 * APPOINTMENT_PACE);
    // Releasing again, or a ticket nobody holds, changes nothing.
    h.queue.release(first.ticket);
    h.queue.release('unknown');
    expect(h.queue.figures()).toMatchObject({ appointments: 1, released: 1 });
  });

  it('given hashes running on two threads with gaps between them, then busyMs counts the thread-milliseconds spent hashing, the gaps not', async () => {
    const h = harness({ atOnce: 2 });
    void h.submit('a');
    h.advance(100);
    void h.submit('b'); // both threads from here
    await settle();
    h.advance(50);
    await h.finish('a');
    h.advance(30);
    await h.finish('b'); // idle from here
    h.advance(1_000);
    expect(h.queue.figures().busyMs).toBe(100 + 2 * 50 + 30);
    void h.submit('c');
    h.advance(20);
    expect(h.queue.figures().busyMs).toBe(230 + 20); // a hash under way counts up to now
  });

  it('given one hash handed ahead per thread, when a surge arrives, then each thread holds its running hash and its next one, the rest wait in order, and busyMs counts the threads, not the hashes handed', async () => {
    const h = harness({ atOnce: 2, aheadPerThread: 1 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => h.submit(name));
    await settle();
    expect(h.started).toEqual(['a', 'b', 'c', 'd']);
    expect(h.queue.figures()).toMatchObject({ running: 4, waiting: 2, threads: 2 });
    h.advance(10);
    expect(h.queue.figures().busyMs).toBe(2 * 10);
    await h.finish('a');
    expect(h.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const name of ['b', 'c', 'd', 'e']) await h.finish(name);
    expect(h.queue.figures()).toMatchObject({ running: 1, waiting: 0 });
    h.advance(10);
    expect(h.queue.figures().busyMs).toBe(2 * 10 + 10); // one thread busy now
    await h.finish('f');
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('given team-password checks (background) holding half the line, then the next one is refused while a login still gets in', async () => {
    const h = harness({ maxWaiting: 8 });
    void h.submit('running');
    for (let i = 0; i < 4; i++) void h.submit(`gj${i}`, 'background');
    void h.submit('login');
    expect(h.queue.figures().waiting).toBe(5);
    const refused = await h.refusal(h.submit('gj-more', 'background'));
    expect(refused.retryAfterMs).toBeGreaterThanOrEqual(SHORTEST_APPOINTMENT_MS);
  });
});

describe('argon2 behind the queue (src/identity/password-hasher.ts)', () => {
  // The line's least length (HASHING_QUEUE_WAIT_SECONDS=0), so that it fills in a second, not in twenty.
  const hasher = new PasswordHasher({ maxWaitMs: 0 });
  afterAll(() => hasher.close());

  it('given the threads busy and the line full, when one more verification comes, then it is refused at once with 429, the German text and an appointment; the queued ones all finish', async () => {
    const hashed = await hasher.hash('richtig');
    const before = hasher.figures();
    expect(ARGON2_HANDED).toBe(ARGON2_AT_ONCE * (1 + ARGON2_AHEAD_PER_THREAD));
    const admitted = Array.from({ length: ARGON2_HANDED + ARGON2_MAX_WAITING }, () => hasher.verify(hashed, 'falsch'));
    expect(hasher.load()).toEqual({ running: ARGON2_HANDED, waiting: ARGON2_MAX_WAITING });

    const error = await hasher.verify(hashed, 'richtig').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HashingBusy);
    const busy = error as HashingBusy;
    // The HTTP edge's answer to it (src/http/http-errors.ts, the one exception filter).
    expect(httpAnswerOf(busy)).toEqual({
      status: 429,
      body: {
        errors: [
          {
            status: '429',
            detail: HASHING_BUSY_TEXT,
            meta: {
              retry: true,
              retryAfterMs: busy.retryAfterMs,
              ticket: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
            },
          },
        ],
      },
      retryAfterSeconds: Math.ceil(busy.retryAfterMs / 1000),
    });
    expect(busy.retryAfterMs).toBeGreaterThanOrEqual(SHORTEST_APPOINTMENT_MS);
    expect(HASHING_BUSY_TEXT).toBe('Der Server ist gerade sehr beschäftigt. Bitte versuche es gleich noch einmal.');

    expect(await Promise.all(admitted)).toEqual(admitted.map(() => false));
    expect(hasher.load()).toEqual({ running: 0, waiting: 0 });
    expect(hasher.figures().done - before.done).toBe(admitted.length);
    expect(await hasher.verify(hashed, 'richtig', { ticket: busy.appointment.ticket })).toBe(true);
  }, 120_000);
});
