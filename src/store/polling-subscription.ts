import type { BatchHandler, StoredEvent, Subscription } from './event-store';
import { backoffMs } from '../../wire/backoff';
import { isUnavailable } from './unavailable';

/**
 * Wakes pollers early. `wait` resolves on the next `notify`, after `ms`, or at once when a notify
 * happened since the generation the caller last saw (so a notify between a read and the wait is not lost).
 */
export class WakeSignal {
  private generation = 0;
  private waiters = new Set<() => void>();

  get current(): number {
    return this.generation;
  }

  notify(): void {
    this.generation++;
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const resolve of waiters) resolve();
  }

  wait(ms: number, seenGeneration: number): Promise<void> {
    if (seenGeneration !== this.generation) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}

export interface PollingSubscriptionOptions {
  readAll(after: number, limit: number): Promise<StoredEvent[]>;
  lastPosition(): Promise<number>;
  handler: BatchHandler;
  after: number;
  batchSize: number;
  wake: WakeSignal;
  pollIntervalMs: number;
  onEnd?: () => void;
}

/**
 * Catch-up, then live, by reading the log in position order. Correct on its own: notifications only
 * shorten the wait. Never skips or repeats because the log only ever grows behind the last position
 * a reader saw (see the ordering note in sql/event-schema.ts). A read that finds the database away
 * is tried again after a backoff (with jitter, capped at a few seconds) from the last position
 * handled, until the database is back; any other failure ends the subscription (`done` rejects).
 */
export class PollingSubscription implements Subscription {
  readonly caughtUp: Promise<void>;
  readonly done: Promise<void>;
  private lastHandled: number;
  private stopped = false;
  private markCaughtUp!: () => void;

  constructor(private readonly options: PollingSubscriptionOptions) {
    this.lastHandled = options.after;
    this.caughtUp = new Promise((resolve) => (this.markCaughtUp = resolve));
    this.done = this.run().finally(() => {
      this.markCaughtUp(); // a stopped or failed subscription must not leave anyone waiting
      options.onEnd?.();
    });
    this.done.catch(() => undefined); // the owner observes failures through `done`
  }

  get position(): number {
    return this.lastHandled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.wake.notify();
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    const { readAll, handler, batchSize, wake, pollIntervalMs } = this.options;
    const catchUpTarget = await this.untilAvailable(() => this.options.lastPosition());
    if (catchUpTarget === null) return;
    if (catchUpTarget <= this.lastHandled) this.markCaughtUp();
    while (!this.stopped) {
      const seen = wake.current;
      const batch = await this.untilAvailable(() => readAll(this.lastHandled, batchSize));
      if (this.stopped || batch === null) return;
      const last = batch.at(-1);
      if (last !== undefined) {
        await handler(batch);
        this.lastHandled = last.position;
        if (this.lastHandled >= catchUpTarget) this.markCaughtUp();
        // A full batch may have more behind it. A short one was the whole log as the read began: what was
        // appended since woke the signal after `seen` (or the next poll finds it), so no read for nothing.
        if (batch.length >= batchSize) continue;
      }
      this.markCaughtUp();
      await wake.wait(pollIntervalMs, seen);
    }
  }

  /** `read` again and again while the database is away (null once stopped); other errors are thrown. */
  private async untilAvailable<T>(read: () => Promise<T>): Promise<T | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await read();
      } catch (error) {
        if (!isUnavailable(error)) throw error;
      }
      const seen = this.options.wake.current;
      await this.options.wake.wait(backoffMs(attempt, Math.random()), seen);
      if (this.stopped) return null;
    }
  }
}
