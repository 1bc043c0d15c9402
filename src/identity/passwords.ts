import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Argon2Threads } from './argon2-threads';
import {
  HashingQueue,
  QueueFull,
  type Appointment,
  type HashingQueueFigures,
  type HashPriority,
} from './hashing-queue';

/**
 * argon2id with the least memory of OWASP's equivalent minimum settings: 7 MiB, 5 iterations, 1 lane
 * (the same defence as 19 MiB with 2; docs/decisions/first-minute.md, "Fifth round"): a quarter faster
 * here, and far less slowed by the server's own memory traffic during a surge. Hashes made with other
 * parameters (19 MiB before) verify with their own: argon2 reads them from the hash.
 */
export const ARGON2ID = { algorithm: 2, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

/**
 * How many hashes run at once: one core less than the process may use (at least one). An argon2 run
 * takes a core for 5-60 ms (by machine); a login or join storm with one running per thread of the pool (four)
 * left the event loop of a two-core server a fraction of a core, and WebSocket handshakes timed out.
 * The others wait their turn.
 */
export const ARGON2_AT_ONCE = Math.max(1, availableParallelism() - 1);

/**
 * How many hashes may wait in line (docs/decisions/first-minute.md): as many as the threads finish in
 * ARGON2_MAX_WAIT_MS at their measured pace, at least 40 per thread. A login waits in line up to 20 s
 * (well inside a proxy's timeout; the web app says why it waits); beyond that it gets an appointment to
 * come back (src/identity/hashing-queue.ts), which the web app keeps by itself while it shows the wait.
 */
export const ARGON2_MAX_WAITING = 40 * ARGON2_AT_ONCE;
/** The default of HASHING_QUEUE_WAIT_SECONDS (src/config.ts). */
export const ARGON2_MAX_WAIT_MS = 20_000;

export const HASHING_BUSY_TEXT = 'Der Server ist gerade sehr beschäftigt. Bitte versuche es gleich noch einmal.';

/**
 * The queue of hashes is full: come back at the appointment. A domain error, not an HTTP one: the edges
 * say it their way, HTTP with 429 (PROTOCOL.md's error shape), the appointment in the error's `meta` and
 * a `Retry-After` header (src/http/http-errors.ts), a command with `retry: true` and `retryAfterMs`
 * (src/realtime/router.ts).
 */
export class HashingBusy extends Error {
  constructor(readonly appointment: Appointment) {
    super(HASHING_BUSY_TEXT);
    this.name = 'HashingBusy';
  }

  get retryAfterMs(): number {
    return this.appointment.retryAfterMs;
  }
}

export type { HashPriority };

export interface HashOptions {
  /** `background`: a team password checked for `gj` (see HashingQueue). Default `login`. */
  priority?: HashPriority;
  /** The ticket of an appointment the caller was given before (HTTP: the `X-Queue-Ticket` header). */
  ticket?: string;
}

/**
 * Hashes waiting in each thread's inbox while it runs one: with 4 ms hashes, eight cover 32 ms of a busy
 * main thread (with four, a thread found its inbox empty some 25 times in one surge of 2,000 logins).
 */
export const ARGON2_AHEAD_PER_THREAD = 8;
/** Hashes with the threads at most (running or in a thread's inbox): the queue's `running` when it is full. */
export const ARGON2_HANDED = ARGON2_AT_ONCE * (1 + ARGON2_AHEAD_PER_THREAD);

const threads = new Argon2Threads(ARGON2_AT_ONCE);
const queue = new HashingQueue({
  atOnce: ARGON2_AT_ONCE,
  aheadPerThread: ARGON2_AHEAD_PER_THREAD,
  maxWaiting: ARGON2_MAX_WAITING,
  maxWaitMs: ARGON2_MAX_WAIT_MS,
});

/** How long a login may wait in line (HASHING_QUEUE_WAIT_SECONDS); 0: the line holds ARGON2_MAX_WAITING whatever the pace. */
export function setHashingQueueWait(ms: number): void {
  queue.setMaxWaitMs(ms);
}

/** The hashing queue's current length, for tests. */
export function hashingLoad(): { running: number; waiting: number } {
  const { running, waiting } = queue.figures();
  return { running, waiting };
}

/** The hashing queue's figures: hashes done, requests refused, appointments open (for /metrics and the benches). */
export function hashingFigures(): HashingQueueFigures {
  return queue.figures();
}

async function inTurn<T>(work: () => Promise<T>, { priority = 'login', ticket }: HashOptions): Promise<T> {
  try {
    return await queue.run(work, priority, ticket);
  } catch (error) {
    if (error instanceof QueueFull) throw new HashingBusy(error.appointment);
    throw error;
  }
}

/**
 * Throws HashingBusy when a hash asked for now would be refused (the appointment as the hash would get
 * it): a login checks before its limiter and credential lookup, so that a refused one does not pay for
 * them at each check-in. Holds no place: the hash itself is let in or refused afresh.
 */
export function checkHashingRoom({ priority = 'login', ticket }: HashOptions = {}): void {
  try {
    queue.checkRoom(priority, ticket);
  } catch (error) {
    if (error instanceof QueueFull) throw new HashingBusy(error.appointment);
    throw error;
  }
}

/** The ticket's holder needs no hash after all: its place in the outer line is freed (HashingQueue.release). */
export function releaseHashingPlace(ticket: string): void {
  queue.release(ticket);
}

/** Throws HashingBusy when the queue is full. */
export function hashPassword(password: string, options: HashOptions = {}): Promise<string> {
  return inTurn(() => threads.hash(password, ARGON2ID), options);
}

/** False for a wrong password or an unreadable hash; throws HashingBusy when the queue is full. */
export function verifyPassword(passwordHash: string, password: string, options: HashOptions = {}): Promise<boolean> {
  return inTurn(() => threads.verify(passwordHash, password).catch(() => false), options);
}

let dummy: Promise<string> | null = null;
/**
 * A hash of a random password, made once: a login for an unknown name is verified against it, so that
 * it takes as long as one for a known name with a wrong password (the timing does not tell which
 * names exist).
 */
export function dummyHash(): Promise<string> {
  dummy ??= threads.hash(randomBytes(24).toString('base64'), ARGON2ID);
  return dummy;
}

/** A readable random password: 16 characters without look-alikes (no 0/O, 1/l/I). */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
