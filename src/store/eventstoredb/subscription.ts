import type { AllStreamResolvedEvent, AllStreamSubscription } from '@kurrent/kurrentdb-client';
import { backoffMs } from '../../../wire/backoff';
import type { BatchHandler, StoredEvent, Subscription } from '../event-store';

export interface SubscriptionSource {
  open(after: number, batchSize: number): Promise<AllStreamSubscription>;
  toStoredEvent(resolved: AllStreamResolvedEvent): StoredEvent | null;
  lastPosition(): Promise<number>;
  handler: BatchHandler;
  after: number;
  batchSize: number;
  onEnd: () => void;
}

/** The handler's own failure: ends the subscription, unlike a dropped connection. */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

/**
 * A catch-up subscription to $all (filtered on the server to our streams), handing the handler
 * batches of what has arrived, one batch at a time. The client stream is paused while a full batch
 * waits, so a slow handler holds the server back instead of filling memory. A dropped connection is
 * reopened after the last handled position, and positions at or below it are skipped, so nothing
 * is repeated or skipped across reconnects.
 */
export class EventStoreDbSubscription implements Subscription {
  readonly caughtUp: Promise<void>;
  readonly done: Promise<void>;
  private lastHandled: number;
  private stopped = false;
  private markCaughtUp!: () => void;
  private wake: () => void = () => undefined;

  constructor(private readonly source: SubscriptionSource) {
    this.lastHandled = source.after;
    this.caughtUp = new Promise((resolve) => (this.markCaughtUp = resolve));
    this.done = this.run().finally(() => {
      this.markCaughtUp(); // a stopped or failed subscription must not leave anyone waiting
      source.onEnd();
    });
    this.done.catch(() => undefined); // the owner observes failures through `done`
  }

  get position(): number {
    return this.lastHandled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    let target: number | null = null;
    let failures = 0;
    while (!this.stopped) {
      const before = this.lastHandled;
      try {
        target ??= await this.source.lastPosition();
        if (this.stopped) return;
        if (target <= this.lastHandled) this.markCaughtUp();
        await this.consume(target);
      } catch (error) {
        if (error instanceof HandlerFailure) throw error.error;
        if (this.stopped) return;
        // A dropped connection or a server away: reopened after the last handled position, for as
        // long as it takes (the client reconnects underneath), backing off with jitter.
        failures = this.lastHandled > before ? 0 : failures + 1;
        await this.pause(backoffMs(failures, Math.random()));
      }
    }
  }

  /** One connection: returns when stopped, throws when the connection fails. */
  private async consume(target: number): Promise<void> {
    const { batchSize, handler } = this.source;
    const stream = await this.source.open(this.lastHandled, batchSize);
    const queue: AllStreamResolvedEvent[] = [];
    let failure: Error | null = null;
    let ended = false;
    let waiting: (() => void) | null = null;
    const wake = () => {
      const resolve = waiting;
      waiting = null;
      resolve?.();
    };
    this.wake = wake;
    stream.on('data', (event) => {
      queue.push(event);
      if (queue.length >= batchSize) stream.pause();
      wake();
    });
    stream.on('error', (error) => {
      failure = error;
      wake();
    });
    stream.on('end', () => {
      ended = true;
      wake();
    });
    try {
      while (!this.stopped) {
        if (queue.length === 0) {
          if (failure) throw failure;
          if (ended) throw new Error('EventStoreDB closed the subscription');
          await new Promise<void>((resolve) => (waiting = resolve));
          continue;
        }
        const arrived = queue.splice(0, batchSize);
        if (stream.isPaused()) stream.resume();
        const batch: StoredEvent[] = [];
        for (const resolved of arrived) {
          const event = this.source.toStoredEvent(resolved);
          if (event && event.position > (batch[batch.length - 1]?.position ?? this.lastHandled)) batch.push(event);
        }
        const last = batch.at(-1);
        if (last !== undefined) {
          try {
            await handler(batch);
          } catch (error) {
            throw new HandlerFailure(error);
          }
          this.lastHandled = last.position;
        }
        if (this.lastHandled >= target) this.markCaughtUp();
      }
    } finally {
      this.wake = () => undefined;
      stream.removeAllListeners('data');
      stream.on('error', () => undefined); // late errors of a cancelled call must not go unhandled
      await stream.unsubscribe().catch(() => undefined);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
