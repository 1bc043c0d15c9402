import { randomBytes } from 'node:crypto';
import { Argon2Threads } from './argon2-threads';
import { HashingQueue, QueueFull, type HashingQueueFigures } from './hashing-queue';
import {
  ARGON2_AHEAD_PER_THREAD,
  ARGON2_AT_ONCE,
  ARGON2_MAX_WAIT_MS,
  ARGON2_MAX_WAITING,
  ARGON2ID,
  HashingBusy,
  type HashOptions,
} from './passwords';

export interface PasswordHasherOptions {
  /** How long a login may wait in line (HASHING_QUEUE_WAIT_SECONDS, in ms); 0: the line holds ARGON2_MAX_WAITING whatever the pace. */
  readonly maxWaitMs?: number;
}

/**
 * argon2id on threads of its own (src/identity/argon2-threads.ts), in turn through the hashing queue
 * (src/identity/hashing-queue.ts, with its appointments): one per running server, made by the
 * composition root with the queue's wait from the config, and handed to whoever hashes or verifies.
 * Nothing of it is shared between servers in one process (the tests start several).
 */
export class PasswordHasher {
  private readonly threads = new Argon2Threads(ARGON2_AT_ONCE);
  private readonly queue: HashingQueue;
  private dummy: Promise<string> | null = null;

  constructor({ maxWaitMs = ARGON2_MAX_WAIT_MS }: PasswordHasherOptions = {}) {
    this.queue = new HashingQueue({
      atOnce: ARGON2_AT_ONCE,
      aheadPerThread: ARGON2_AHEAD_PER_THREAD,
      maxWaiting: ARGON2_MAX_WAITING,
      maxWaitMs,
    });
  }

  /** Throws HashingBusy when the queue is full. */
  hash(password: string, options: HashOptions = {}): Promise<string> {
    return this.inTurn(() => this.threads.hash(password, ARGON2ID), options);
  }

  /** False for a wrong password or an unreadable hash; throws HashingBusy when the queue is full. */
  verify(passwordHash: string, password: string, options: HashOptions = {}): Promise<boolean> {
    return this.inTurn(() => this.threads.verify(passwordHash, password).catch(() => false), options);
  }

  /**
   * Throws HashingBusy when a hash asked for now would be refused (the appointment as the hash would get
   * it): a login checks before its limiter and credential lookup, so that a refused one does not pay for
   * them at each check-in. Holds no place: the hash itself is let in or refused afresh.
   */
  checkRoom({ priority = 'login', ticket }: HashOptions = {}): void {
    try {
      this.queue.checkRoom(priority, ticket);
    } catch (error) {
      if (error instanceof QueueFull) throw new HashingBusy(error.appointment);
      throw error;
    }
  }

  /** The ticket's holder needs no hash after all: its place in the outer line is freed (HashingQueue.release). */
  release(ticket: string): void {
    this.queue.release(ticket);
  }

  /**
   * A hash of a random password, made once: a login for an unknown name is verified against it, so that
   * it takes as long as one for a known name with a wrong password (the timing does not tell which
   * names exist).
   */
  dummyHash(): Promise<string> {
    this.dummy ??= this.threads.hash(randomBytes(24).toString('base64'), ARGON2ID);
    return this.dummy;
  }

  /** The queue's figures: hashes done, requests refused, appointments open (for /metrics, the benches and tests). */
  figures(): HashingQueueFigures {
    return this.queue.figures();
  }

  /** The queue's current length. */
  load(): { running: number; waiting: number } {
    const { running, waiting } = this.queue.figures();
    return { running, waiting };
  }

  /** Ends the threads (the server stopped); a hash still under way fails. */
  close(): Promise<void> {
    return this.threads.close();
  }

  private async inTurn<T>(work: () => Promise<T>, { priority = 'login', ticket }: HashOptions): Promise<T> {
    try {
      return await this.queue.run(work, priority, ticket);
    } catch (error) {
      if (error instanceof QueueFull) throw new HashingBusy(error.appointment);
      throw error;
    }
  }
}
