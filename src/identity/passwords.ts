import { HttpException } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';

/** argon2id with OWASP's minimum recommendation: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many hashes run at once: one core less than the process may use (at least one). An argon2 run
 * takes a core for 30-60 ms; a login or join storm with one running per thread of the pool (four)
 * left the event loop of a two-core server a fraction of a core, and WebSocket handshakes timed out.
 * The others wait their turn.
 */
export const ARGON2_AT_ONCE = Math.max(1, availableParallelism() - 1);

/**
 * How many hashes may wait for a thread (docs/decisions/hostile-crowd-limits.md): 40 per thread at
 * 30-60 ms each is at most about 2.4 s of waiting, about what a login may take before people click
 * again. Beyond it a hash is refused at once instead of making every later login wait longer.
 */
export const ARGON2_MAX_WAITING = 40 * ARGON2_AT_ONCE;

export const HASHING_BUSY_TEXT = 'Der Server ist gerade sehr beschäftigt. Bitte versuche es gleich noch einmal.';

/** The queue of hashes is full: HTTP answers 429 (PROTOCOL.md's error shape), a command `retry: true`. */
export class HashingBusy extends HttpException {
  constructor() {
    super({ errors: [{ status: '429', detail: HASHING_BUSY_TEXT }] }, 429);
  }
}

/**
 * Who waits for a hash: `login` (a person logging in, registering or changing a password: someone
 * waiting at the form) goes first; `background` (team passwords checked for `gj`, which a guesser can
 * send by the hundred) waits behind every login and may fill only half the queue, so a flood of wrong
 * team passwords can neither make a login wait behind it nor crowd logins out of the queue.
 */
export type HashPriority = 'login' | 'background';

let running = 0;
const waiting: Record<HashPriority, Array<() => void>> = { login: [], background: [] };

/** The hashing queue's current length, for tests and benchmarks. */
export function hashingLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.login.length + waiting.background.length };
}

function queueFull(priority: HashPriority): boolean {
  const queued = waiting.login.length + waiting.background.length;
  return queued >= ARGON2_MAX_WAITING || (priority === 'background' && queued >= ARGON2_MAX_WAITING / 2);
}

async function inTurn<T>(work: () => Promise<T>, priority: HashPriority): Promise<T> {
  if (running >= ARGON2_AT_ONCE) {
    if (queueFull(priority)) throw new HashingBusy();
    await new Promise<void>((resolve) => waiting[priority].push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.login.shift() ?? waiting.background.shift();
    if (next) next(); // the slot passes on
    else running--;
  }
}

/** Throws HashingBusy when the queue is full. */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, ARGON2ID), 'login');
}

/** False for a wrong password or an unreadable hash; throws HashingBusy when the queue is full. */
export function verifyPassword(passwordHash: string, password: string, priority: HashPriority = 'login'): Promise<boolean> {
  return inTurn(() => verify(passwordHash, password).catch(() => false), priority);
}

let dummy: Promise<string> | null = null;
/**
 * A hash of a random password, made once: a login for an unknown name is verified against it, so that
 * it takes as long as one for a known name with a wrong password (the timing does not tell which
 * names exist).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hash(randomBytes(24).toString('base64'), ARGON2ID);
  return dummy;
}

/** A readable random password: 16 characters without look-alikes (no 0/O, 1/l/I). */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
