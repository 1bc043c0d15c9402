import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor, QuizShowEvent } from '../../events';
import { fold } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import {
  admit,
  appendConditionOf,
  decide,
  isRejection,
  reject,
  type BoundaryPart,
  type Command,
  type CommandInput,
  type Decision,
  type EventCause,
  type Rejection,
} from '../commands';
import {
  BoundaryMovedError,
  WrongExpectedRevisionError,
  type AppendCondition,
  type AppendResult,
  type EventStore,
  type StoredEvent,
} from '../store/event-store';
import type { AppliedCommand } from './applied-commands';
import type { LiveStateService } from './live-state';
import { fromStored, toStored } from './stored-events';
import { isUnavailable, STORE_UNAVAILABLE_TEXT } from '../store/unavailable';
import { within } from './within';
import { appendedBytes, type AppendAllowance } from '../limits/append-budget';
import { SHARED_TEXTS } from '../../wire/shared-texts';

/**
 * What a command's sender hears: its events once they are durable (appended, or appended before
 * under the same command id), or the rejection (the rule's, the edge's, or the pipeline's own when
 * the store failed: reason `unavailable`).
 */
export type CommandOutcome = { ok: true; events: QuizShowEvent[] } | Rejection;

export interface PipelineOptions {
  /** Commands decided and appended together at most (1 turns group commit off). */
  maxBatch?: number;
  clock?: () => number;
  /** Attempts after a conflict with another process before the command fails. */
  maxAttempts?: number;
  /** Told about every outcome and every committed batch (the server's /metrics). */
  observer?: PipelineObserver;
  /** The per-user budget of appended bytes (src/limits/append-budget.ts); none: unlimited. */
  budget?: AppendAllowance;
}

/** What the pipeline reports for /metrics (src/observability/metrics.ts). */
export interface PipelineObserver {
  commandHandled(type: string, outcome: CommandOutcome): void;
  /** A group commit: its commands, the store's append time, then the time until the live state (and its pushes) had it. */
  batchCommitted(commands: number, appendSeconds: number, pushSeconds: number): void;
  /**
   * Commands decided again after their append lost a race to another process: `boundary` when a
   * stream of the consistency boundary moved (BoundaryMovedError), `revision` when the target stream did.
   */
  commandsRedecided?(commands: number, cause: ConflictCause): void;
}

export type ConflictCause = 'boundary' | 'revision';

export interface ExecuteOptions {
  /**
   * Makes a repeat idempotent: the same id yields the same event ids, and a command whose events are
   * already folded (or that is still under way) is answered as the first was, appending nothing.
   */
  commandId?: string;
  /** Ids handed out first by ctx.newId, for ids reserved on the write side before deciding (a user's login). */
  reservedIds?: readonly string[];
  /** The event a server-sent command acts on (its events' causation and correlation ids); default: the command itself. */
  cause?: EventCause;
}

interface Pending {
  command: Command;
  actor: Actor;
  commandId: string;
  reservedIds: readonly string[];
  cause: EventCause | undefined;
  attempts: number;
  /** Goes in a batch of its own: its batch was refused by the store, and the culprit is being found. */
  alone: boolean;
  /** Decided again after catching up, having been refused against a state behind the store (see answerBatch). */
  rechecked: boolean;
  resolve: (outcome: CommandOutcome) => void;
}

/** Commands decided together, and the append they make (none when `stream` is null). */
interface DecidedBatch {
  decided: Array<{ item: Pending; decision: Decision }>;
  stream: string | null;
  events: QuizShowEvent[];
  /**
   * What the batch's rules read, after the position of the state they were decided against. It is the
   * whole guard: the append expects any revision of its stream (the target stream's events are in the
   * condition where a rule read them; proposals of two teams to one night stream do not conflict).
   */
  condition: AppendCondition;
  /** The position of that state. */
  decidedAt: number;
}

/** The batch a run decided: set before the append (by the plan, for the locked one), so present once the append answered. */
function decidedBatch(taken: { batch?: DecidedBatch }): DecidedBatch {
  return present(taken.batch, 'the decided batch of an answered append');
}

export const RETRY_LATER = SHARED_TEXTS.formFailed;

/**
 * How long an appended batch waits for the live state to fold it before it is answered anyway: its
 * events are durable, and the live state's subscription (behind a database that went away right
 * after the append) resumes by itself. Normally the pushes go out before the reply.
 */
export const LIVE_WAIT_MS = 2000;

/**
 * A client is answered within this long (PROTOCOL.md wave 3: within 5 s while the store is away),
 * whatever the store does: past it, with STORE_UNAVAILABLE. The command may still be stored; the
 * resend with the same commandId joins it or finds it applied.
 */
export const ANSWER_WITHIN_MS = 4500;

/** The answer while the database is away: the client sends the command again (same commandId). */
export const STORE_UNAVAILABLE: Rejection = { ...reject(STORE_UNAVAILABLE_TEXT, 'unavailable'), retry: true };

/**
 * Commands in, durable events out. Commands queue; the loop decides as many as wait against the
 * current state (each seeing the effects of the ones before it) and appends all their events in one
 * append to their stream: group commit. The append carries the batch's consistency boundary: the
 * union of what its rules read (streams, or event types of streams, see Boundary), none of which may
 * have moved after the position of the state they were decided against. When one did (another
 * process appended there), the batch's commands are decided again against the caught-up state: all
 * of them, since each saw the effects of the ones before it. A batch the store refuses for another
 * reason goes again one command at a time, so that only the command at fault fails.
 * An outcome is reported only after the append returned: an acknowledged command is durable.
 * A command id seen before is not decided again: while its first execution is under way the repeat
 * gets that outcome; once its events are folded, the repeat is answered with them.
 */
export class CommandPipeline {
  private readonly queue: Pending[] = [];
  /** Outcomes of the commands under way, by command id: a repeat meanwhile gets the same. */
  private readonly underWay = new Map<string, Promise<CommandOutcome>>();
  private draining = false;
  private readonly maxBatch: number;
  private readonly clock: () => number;
  private readonly maxAttempts: number;
  private readonly observer: PipelineObserver | null;
  private readonly budget: AppendAllowance | null;
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
    this.budget = options.budget ?? null;
  }

  /** Wire-shaped input from the edge: admitted (access, parse) at once, then executed. */
  submit(input: CommandInput, actor: Actor, options: ExecuteOptions = {}): Promise<CommandOutcome> {
    const command = this.admit(input, actor);
    if (isRejection(command)) return Promise.resolve(command);
    return this.execute(command, actor, options);
  }

  /** The edge's step (maintenance, access, parse) against the current state; a refusal counts as a handled command. */
  admit(input: CommandInput, actor: Actor): Command | Rejection {
    const command = admit(this.live.state, input, actor);
    if (isRejection(command)) this.observer?.commandHandled(input.type, command);
    return command;
  }

  /**
   * `execute` for a client waiting on the wire: answered within ANSWER_WITHIN_MS, as STORE_UNAVAILABLE
   * (`retry: true`) when the store takes longer (the bounds of each database call add up along a queue).
   */
  executeForClient(command: Command, actor: Actor, options: ExecuteOptions = {}): Promise<CommandOutcome> {
    return within(this.execute(command, actor, options), ANSWER_WITHIN_MS, () => STORE_UNAVAILABLE);
  }

  execute(command: Command, actor: Actor, options: ExecuteOptions = {}): Promise<CommandOutcome> {
    const commandId = options.commandId ?? randomUUID();
    const running = this.underWay.get(commandId);
    if (running) return running;
    const outcome = new Promise<CommandOutcome>((resolve) => {
      const reported = (result: CommandOutcome) => {
        this.observer?.commandHandled(command.type, result);
        resolve(result);
      };
      this.queue.push({
        command,
        actor,
        commandId,
        reservedIds: options.reservedIds ?? [],
        cause: options.cause,
        attempts: 0,
        alone: false,
        rechecked: false,
        resolve: reported,
      });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
    this.underWay.set(commandId, outcome);
    void outcome.then(() => this.underWay.delete(commandId));
    return outcome;
  }

  /**
   * Each batch starts from setImmediate: the frames that arrived meanwhile are read and queued first.
   * (With the embedded store a whole batch runs without yielding to I/O, so without this every
   * batch would hold a single command.)
   */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        await this.runBatch().catch((error: unknown) => this.batchFailed(error));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Decides a batch and appends it. Commands that lost a race to another process (a conflict) go
   * again under the store's append lock where the store has one (appendAfter): decided against the
   * state with everything stored meanwhile, and appended before anyone else can store anything. A
   * process that keeps losing races, its rival never idle, otherwise ran out of attempts.
   */
  private async runBatch(): Promise<void> {
    const retrying = (this.queue[0]?.attempts ?? 0) > 0;
    const taken: { batch?: DecidedBatch } = {};
    let started = performance.now();
    let appended: AppendResult | null;
    try {
      if (retrying && this.store.appendAfter) {
        appended = await this.store.appendAfter(this.live.position, (tail) => {
          const batch = (taken.batch = this.decideBatch(tail));
          return batch.stream === null
            ? null
            : {
                streamId: batch.stream,
                events: batch.events.map(toStored),
                expected: 'any',
                condition: batch.condition,
              };
        });
      } else {
        const batch = (taken.batch = this.decideBatch([]));
        if (batch.stream === null) return this.answerBatch(batch.decided, batch.decidedAt, 0);
        started = performance.now();
        appended = await this.store.append(batch.stream, batch.events.map(toStored), 'any', batch.condition);
      }
      if (appended) {
        const stored = performance.now();
        await within(this.live.waitFor(appended.position), LIVE_WAIT_MS, () => undefined); // the live state's listeners (the pushes) have run
        this.observer?.batchCommitted(
          decidedBatch(taken).decided.length,
          (stored - started) / 1000,
          (performance.now() - stored) / 1000,
        );
      }
    } catch (error) {
      const batch = taken.batch;
      if (!batch) return this.lockedAppendFailed(error);
      if (error instanceof WrongExpectedRevisionError || error instanceof BoundaryMovedError) {
        return this.retryAfterConflict(
          batch.decided.map((d) => d.item),
          error instanceof BoundaryMovedError ? 'boundary' : 'revision',
        );
      }
      if (isUnavailable(error)) {
        // Stored or not (a connection cut before the commit's answer): the resend with the same
        // commandId finds it folded, or stores it (its event ids derive from the commandId: never twice).
        for (const { item, decision } of batch.decided)
          item.resolve(decision.ok ? STORE_UNAVAILABLE : outcomeOf(decision));
        return;
      }
      this.logger.error(`append to ${batch.stream} failed: ${String(error)}`);
      const appending = batch.decided.filter((d) => d.decision.ok && d.decision.events.length > 0);
      if (appending.length > 1) return this.findCulprit(batch.decided);
      for (const { item, decision } of batch.decided)
        item.resolve(decision.ok ? failure(RETRY_LATER) : outcomeOf(decision));
      return;
    }
    const batch = decidedBatch(taken);
    await this.answerBatch(batch.decided, batch.decidedAt, appended ? batch.events.length : 0);
  }

  /**
   * A step around the append failed (catching up with the store after a conflict, reading its last
   * position): every command waiting is answered, so that none is left without a reply.
   */
  private batchFailed(error: unknown): void {
    if (!isUnavailable(error)) this.logger.error(`command batch failed: ${String(error)}`);
    const waiting = this.queue.splice(0);
    for (const item of waiting) item.resolve(failedAnswer(error));
  }

  /** The store failed before the locked retry was decided: those that lost a race are told to try again. */
  private lockedAppendFailed(error: unknown): void {
    if (!isUnavailable(error)) this.logger.error(`locked append failed: ${String(error)}`);
    const waiting = this.queue.filter((item) => item.attempts > 0);
    this.queue.splice(0, this.queue.length, ...this.queue.filter((item) => item.attempts === 0));
    for (const item of waiting) item.resolve(failedAnswer(error));
  }

  /**
   * Answers a decided batch. A refusal stands only if it was decided against everything the store
   * held: when another process appended meanwhile (the store holds more than the state the batch was
   * decided against plus the batch's own events), the refused commands are decided once more after
   * catching up. So a team created through one app instance can be joined through another at once.
   * One process alone never pays more than a position query per batch with a refusal.
   */
  private async answerBatch(
    decided: Array<{ item: Pending; decision: Decision }>,
    decidedAt: number,
    appended: number,
  ): Promise<void> {
    if (appended > 0 && this.budget) {
      const now = this.clock();
      for (const { item, decision } of decided)
        if (decision.ok) this.budget.spent(item.actor, appendedBytes(decision.events), now);
    }
    const refused = decided.filter(({ item, decision }) => !decision.ok && !item.rechecked);
    const behind = refused.length > 0 && (await this.storeMovedBeyond(decidedAt + appended));
    for (const { item, decision } of decided) {
      if (!behind || decision.ok || item.rechecked) item.resolve(outcomeOf(decision));
    }
    if (!behind) return;
    try {
      await this.live.catchUp();
    } catch {
      for (const { item, decision } of refused) item.resolve(outcomeOf(decision)); // the refusal stands as decided
      return;
    }
    this.queue.unshift(...refused.map(({ item }) => ({ ...item, rechecked: true })));
  }

  private async storeMovedBeyond(position: number): Promise<boolean> {
    try {
      return (await this.store.lastPosition()) > position;
    } catch {
      return false; // the refusal stands as decided
    }
  }

  /**
   * Takes commands off the queue while they append to the same stream (or append nothing), deciding
   * each against the state with the ones before it folded in. A command that must go alone opens or
   * closes a batch of its own. `tail`: events stored after the live state's position (the locked
   * retry reads them under the append lock), folded on before deciding.
   */
  private decideBatch(tail: StoredEvent[]): DecidedBatch {
    const decided: Array<{ item: Pending; decision: Decision }> = [];
    const events: QuizShowEvent[] = [];
    const boundary: BoundaryPart[] = [];
    let stream: string | null = null;
    const decidedAt = tail.at(-1)?.position ?? this.live.position;
    let scratch = this.live.stateAfter(tail);
    while (decided.length < this.maxBatch) {
      const item = this.queue[0];
      if (item === undefined) break;
      if (item.alone && decided.length > 0) break;
      const applied = this.live.appliedCommand(item.commandId);
      if (applied) {
        this.queue.shift();
        void this.answerRepeat(item, applied);
        continue;
      }
      let decision = this.decideSafely(scratch, item);
      // A command that would append is refused once its sender's budget is spent; one that appends nothing never is.
      if (decision.ok && decision.events.length > 0)
        decision = this.budget?.refusal(item.actor, this.clock()) ?? decision;
      if (decision.ok && decision.events.length > 0) {
        if (stream !== null && decision.stream !== stream) break; // it opens the next batch
        stream = decision.stream;
        scratch = fold(decision.events, scratch);
        events.push(...decision.events);
        boundary.push(...decision.boundary);
      }
      this.queue.shift();
      decided.push({ item, decision });
      if (item.alone) break;
    }
    return { decided, stream, events, condition: appendConditionOf(boundary, decidedAt), decidedAt };
  }

  /**
   * The store refused a batch for another reason than a conflict (say, a value it cannot store):
   * rejections are answered, and every other command goes again in a batch of its own, first in line.
   */
  private findCulprit(decided: Array<{ item: Pending; decision: Decision }>): void {
    const again: Pending[] = [];
    for (const { item, decision } of decided) {
      if (!decision.ok) item.resolve(outcomeOf(decision));
      else again.push({ ...item, alone: true });
    }
    this.queue.unshift(...again);
  }

  /** A command already applied: the outcome of its first execution, from its stored events. */
  private async answerRepeat(item: Pending, applied: AppliedCommand): Promise<void> {
    try {
      const stored = await this.store.readAll({ after: applied.first - 1, limit: applied.count });
      const events = stored.filter((e) => e.metadata.commandId === item.commandId).map(fromStored);
      item.resolve({ ok: true, events });
    } catch (error) {
      if (!isUnavailable(error))
        this.logger.error(`reading the events of command ${item.commandId} failed: ${String(error)}`);
      item.resolve(failedAnswer(error));
    }
  }

  private decideSafely(state: typeof this.live.state, item: Pending): Decision {
    try {
      const reserved = [...item.reservedIds];
      const newId = () => reserved.shift() ?? randomUUID();
      return decide(state, item.command, {
        now: this.clock(),
        actor: item.actor,
        newId,
        commandId: item.commandId,
        cause: item.cause,
      });
    } catch (error) {
      this.logger.error(`deciding ${item.command.type} failed: ${String(error)}`);
      return { ok: false, message: RETRY_LATER, reason: 'invalid' };
    }
  }

  private async retryAfterConflict(items: Pending[], cause: ConflictCause): Promise<void> {
    try {
      await this.live.catchUp();
    } catch (error) {
      for (const item of items) item.resolve(failedAnswer(error));
      return;
    }
    const again = items.filter((item) => {
      if (++item.attempts < this.maxAttempts) return true;
      item.resolve(failure(RETRY_LATER));
      return false;
    });
    if (again.length > 0) this.observer?.commandsRedecided?.(again.length, cause);
    this.queue.unshift(...again);
  }
}

/** A decision's outcome once its append returned (only then is an acceptance durable). */
function outcomeOf(decision: Decision): CommandOutcome {
  return decision.ok ? { ok: true, events: decision.events } : decision;
}

function failure(message: string): Rejection {
  return reject(message, 'unavailable');
}

/** The answer to a command whose store call failed: STORE_UNAVAILABLE while the database is away, else try again later. */
function failedAnswer(error: unknown): Rejection {
  return isUnavailable(error) ? STORE_UNAVAILABLE : failure(RETRY_LATER);
}
