/**
 * The parameters of password hashing, its refusal, and readable random passwords. The hashing itself
 * is a PasswordHasher's (src/identity/password-hasher.ts): one per running server, made by the
 * composition root and handed to whoever hashes.
 */
import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Appointment, HashPriority } from './hashing-queue';

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
/** The default of HASHING_QUEUE_WAIT_SECONDS (src/config.ts); 0: the line holds ARGON2_MAX_WAITING whatever the pace. */
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

/** A readable random password: 16 characters without look-alikes (no 0/O, 1/l/I). */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
