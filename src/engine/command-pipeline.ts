import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor, QuizShowEvent } from '../../events';
import { fold } from '../../projections/live';
import { decide, type Command, type Decision } from '../commands';
import { WrongExpectedRevisionError, type EventStore } from '../store/event-store';
import type { LiveStateService } from './live-state';
import { toStored } from './stored-events';

export type CommandOutcome =
  | { ok: true; events: QuizShowEvent[] }
  | { ok: false; message: string; reason: string };

export interface PipelineOptions {
  /** Commands decided and appended together at most (1 turns group commit off). */
  maxBatch?: number;
  clock?: () => number;
  /** Attempts after a conflict with another process before the command fails. */
  maxAttempts?: number;
  /** Told about every outcome and every committed batch (the server's /metrics). */
  observer?: PipelineObserver;
}

/** What the pipeline reports for /metrics (src/observability/metrics.ts). */
export interface PipelineObserver {
  commandHandled(type: string, outcome: CommandOutcome): void;
  /** A group commit: its commands, the store's append time, then the time until the live state (and its pushes) had it. */
  batchCommitted(commands: number, appendSeconds: number, pushSeconds: number): void;
}

export interface ExecuteOptions {
  /** Makes a retry idempotent: the same id yields the same event ids. */
  commandId?: string;
  /** Ids handed out first by ctx.newId, for ids reserved on the write side before deciding (a user's login). */
  reservedIds?: readonly string[];
}

interface Pending {
  command: Command;
  actor: Actor;
  commandId: string;
  reservedIds: readonly string[];
  attempts: number;
  resolve: (outcome: CommandOutcome) => void;
}

export const RETRY_LATER = 'Ein Fehler ist aufgetreten. Bitte versuche es gleich noch einmal.';

/**
 * Commands in, durable events out. Commands queue; the loop decides as many as wait against the
 * current state (each seeing the effects of the ones before it) and appends all their events in one
 * append to their stream with the expected revision: group commit. A batch holds one stream's events
 * only, so a conflict (another process appended) re-decides exactly the commands that depended on the
 * stale state. An outcome is reported only after the append returned: an acknowledged command is durable.
 */
export class CommandPipeline {
  private readonly queue: Pending[] = [];
  private draining = false;
  private readonly maxBatch: number;
  private readonly clock: () => number;
  private readonly maxAttempts: number;
  private readonly observer: PipelineObserver | null;
  private readonly logger = new Logger('CommandPipeline');

  constructor(
    private readonly live: LiveStateService,
    private readonly store: EventStore,
    options: PipelineOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.clock = options.clock ?? Date.now;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.observer = options.observer ?? null;
  }

  execute(command: Command, actor: Actor, options: ExecuteOptions = {}): Promise<CommandOutcome> {
    return new Promise((resolve) => {
      const commandId = options.commandId ?? randomUUID();
      const reported = (outcome: CommandOutcome) => {
        this.observer?.commandHandled(command.type, outcome);
        resolve(outcome);
      };
      this.queue.push({ command, actor, commandId, reservedIds: options.reservedIds ?? [], attempts: 0, resolve: reported });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /**
   * Each batch starts from setImmediate: the frames that arrived meanwhile are read and queued first.
   * (With the embedded store a whole batch runs without yielding to I/O, so without this every
   * batch would hold a single command.)
   */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        await this.runBatch();
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.draining = false;
    }
  }

  private async runBatch(): Promise<void> {
    const { decided, stream, events } = this.decideBatch();
    if (stream === null) {
      for (const { item, decision } of decided) item.resolve(outcomeOf(decision));
      return;
    }
    try {
      const started = performance.now();
      const appended = await this.store.append(stream, events.map(toStored), this.live.revisionOf(stream));
      const stored = performance.now();
      await this.live.waitFor(appended.position); // the live state's listeners (the pushes) have run
      this.observer?.batchCommitted(decided.length, (stored - started) / 1000, (performance.now() - stored) / 1000);
      for (const { item, decision } of decided) item.resolve(outcomeOf(decision));
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return this.retryAfterConflict(decided.map((d) => d.item));
      this.logger.error(`append to ${stream} failed: ${String(error)}`);
      for (const { item, decision } of decided) item.resolve(decision.ok ? failure(RETRY_LATER) : outcomeOf(decision));
    }
  }

  /** Takes commands off the queue while they append to the same stream (or append nothing). */
  private decideBatch() {
    const decided: Array<{ item: Pending; decision: Decision }> = [];
    const events: QuizShowEvent[] = [];
    let stream: string | null = null;
    let scratch = this.live.state;
    while (this.queue.length > 0 && decided.length < this.maxBatch) {
      const item = this.queue[0]!;
      const decision = this.decideSafely(scratch, item);
      if (decision.ok && decision.events.length > 0) {
        if (stream !== null && decision.stream !== stream) break; // it opens the next batch
        stream = decision.stream;
        scratch = fold(decision.events, scratch);
        events.push(...decision.events);
      }
      this.queue.shift();
      decided.push({ item, decision });
    }
    return { decided, stream, events };
  }

  private decideSafely(state: typeof this.live.state, item: Pending): Decision {
    try {
      const reserved = [...item.reservedIds];
      const newId = () => reserved.shift() ?? randomUUID();
      return decide(state, item.command, { now: this.clock(), actor: item.actor, newId, commandId: item.commandId });
    } catch (error) {
      this.logger.error(`deciding ${item.command.type} failed: ${String(error)}`);
      return { ok: false, message: RETRY_LATER, reason: 'invalid' };
    }
  }

  private async retryAfterConflict(items: Pending[]): Promise<void> {
    await this.live.catchUp();
    const again = items.filter((item) => {
      if (++item.attempts < this.maxAttempts) return true;
      item.resolve(failure(RETRY_LATER));
      return false;
    });
    this.queue.unshift(...again);
  }
}

function outcomeOf(decision: Decision): CommandOutcome {
  return decision.ok ? { ok: true, events: decision.events } : { ok: false, message: decision.message, reason: decision.reason };
}

function failure(message: string): CommandOutcome {
  return { ok: false, message, reason: 'unavailable' };
}
