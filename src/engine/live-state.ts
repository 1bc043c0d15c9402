import { Logger } from '@nestjs/common';
import { evolve, fold, initialState, type LiveState } from '../../projections/live';
import type { EventStore, ExpectedRevision, StoredEvent, Subscription } from '../store/event-store';
import { backoffMs } from '../../wire/backoff';
import { AppliedCommands, type AppliedCommand } from './applied-commands';
import type { SnapshotStore } from './snapshots';
import { fromStored } from './stored-events';
import { within } from './within';

export interface LiveStateOptions {
  /** Where snapshots are loaded from at start and saved to (none: every start folds the whole log). */
  snapshots?: SnapshotStore;
  /** Events folded between two snapshots. */
  snapshotEvery?: number;
  /** How many recent commands are remembered to recognise a repeat (see AppliedCommands). */
  appliedCommandsWindow?: number;
}

const DEFAULT_SNAPSHOT_EVERY = 50_000;
/** How often a catch-up that is still waiting checks that the store is there at all. */
const CATCH_UP_CHECK_MS = 1000;

/**
 * Events read and folded at once while catching up (a restart replays the whole night). A fold
 * changes in place what it made itself, so the larger the batch, the less it copies: with 1,000 teams
 * each team comes up about ten times in 10,000 events (npm run bench:reducer folds such batches).
 */
const READ_BATCH = 10_000;

export type LiveStateListener = (state: LiveState, previous: LiveState) => void;
/** The events of a batch just folded (the scheduler remembers what it will act on). */
export type FoldedListener = (events: readonly StoredEvent[]) => void;

/**
 * The live state of this process: the fold of the store's subscription in global order, nothing else.
 * A second process on the same store folds the same events and so holds the same state.
 */
export class LiveStateService {
  private current: LiveState = initialState;
  private folded = 0;
  private readonly revisions = new Map<string, number>();
  private readonly listeners = new Set<LiveStateListener>();
  private readonly foldedListeners = new Set<FoldedListener>();
  private waiters: Array<{ position: number; resolve: () => void }> = [];
  private subscription: Subscription | null = null;
  private readonly logger = new Logger('LiveState');
  private snapshotAt = 0;
  private saving: Promise<void> | null = null;
  private snapshotFailures = 0;
  private snapshotNotBefore = 0;
  private readonly applied: AppliedCommands;

  constructor(
    private readonly store: EventStore,
    private readonly options: LiveStateOptions = {},
  ) {
    this.applied = new AppliedCommands(options.appliedCommandsWindow);
  }

  get state(): LiveState {
    return this.current;
  }

  /** Global position of the last event folded into the state. */
  get position(): number {
    return this.folded;
  }

  /**
   * Starts from the newest snapshot of this code version, if any, and folds the log after it (else
   * the whole log), then keeps folding as events arrive. Resolves once caught up.
   */
  async start(): Promise<void> {
    const snapshot = await this.options.snapshots?.latest();
    if (snapshot) {
      this.current = snapshot.state;
      this.folded = snapshot.position;
      this.snapshotAt = snapshot.position;
      for (const [stream, revision] of snapshot.revisions) this.revisions.set(stream, revision);
      this.applied.restore(snapshot.appliedCommands);
    }
    this.subscription = this.store.subscribe((batch) => this.apply(batch), {
      batchSize: READ_BATCH,
      after: this.folded,
    });
    // An error the subscription cannot resume from (the database being away is not one: it resumes by
    // itself) ends the process, whose supervisor restarts it (a disk error of the embedded store).
    this.subscription.done.catch(this.endProcess);
    await this.subscription.caughtUp;
  }

  private readonly endProcess = (error: unknown): void => {
    this.logger.fatal(`The live state cannot read the event store and stops the server: ${String(error)}`);
    process.exit(1);
  };

  /** A snapshot never outlives the erasure of a person it names (docs/decisions/erasure.md). */
  private discardSnapshotsBeforeErasure(batch: StoredEvent[]): void {
    const { snapshots } = this.options;
    const erasure = snapshots ? batch.findLast((stored) => stored.type === 'UserErased') : undefined;
    if (!snapshots || !erasure) return;
    snapshots
      .discardBefore(erasure.position)
      .catch((error: unknown) =>
        this.logger.warn(`snapshots before the erasure at ${erasure.position} not discarded: ${String(error)}`),
      );
  }

  /** Stops folding; a clean stop saves a snapshot of what was folded since the last one. */
  async stop(): Promise<void> {
    await this.subscription?.stop();
    await this.saving;
    if (this.options.snapshots && this.folded > this.snapshotAt) await this.saveSnapshot();
  }

  /**
   * A snapshot that could not be saved (the database was away) is tried again at a later batch, after
   * a backoff: a snapshot only shortens the next start, so nothing waits for it.
   */
  private saveSnapshot(): Promise<void> {
    const { snapshots } = this.options;
    if (!snapshots) return Promise.resolve();
    const position = this.folded;
    const before = this.snapshotAt;
    this.snapshotAt = position;
    const saving = snapshots
      .save(position, this.current, new Map(this.revisions), this.applied.entries())
      .then(
        () => {
          this.snapshotFailures = 0;
        },
        (error: unknown) => {
          this.logger.warn(`snapshot at ${position} not saved: ${String(error)}`);
          this.snapshotAt = before;
          this.snapshotNotBefore =
            Date.now() + backoffMs(this.snapshotFailures++, Math.random(), { baseMs: 1000, capMs: 30_000 });
        },
      )
      .finally(() => (this.saving = null));
    this.saving = saving;
    return saving;
  }

  /** The expected revision of a stream as this state knows it. */
  revisionOf(streamId: string): ExpectedRevision {
    return this.revisions.get(streamId) ?? 'no_stream';
  }

  /** Resolves once the state includes every event up to `position`. */
  waitFor(position: number): Promise<void> {
    if (this.folded >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  /**
   * Catches up with everything the store holds now (after a conflict: another process appended).
   * While it waits, it asks the store every second whether it is still there: when the database went
   * away meanwhile, the caller gets StoreUnavailableError instead of waiting for the whole outage.
   */
  async catchUp(): Promise<void> {
    const target = await this.store.lastPosition();
    for (;;) {
      if (
        await within(
          this.waitFor(target).then(() => true),
          CATCH_UP_CHECK_MS,
          () => false,
        )
      )
        return;
      await this.store.lastPosition();
    }
  }

  /**
   * `read` against the state; when it finds nothing, once more after catching up with the store. What
   * another app instance has just written (a user registered there, a login link created there) is
   * then found here too, at the cost of one query on a miss only.
   */
  async findCaughtUp<T>(read: (state: LiveState) => T | undefined | null): Promise<T | undefined> {
    const found = read(this.current);
    if (found !== undefined && found !== null) return found;
    await this.catchUp();
    return read(this.current) ?? undefined;
  }

  /**
   * The state with `tail` (events stored after this state's position, in order) folded on, as this
   * service will fold them; the live state itself does not change.
   */
  stateAfter(tail: StoredEvent[]): LiveState {
    return tail.length > 0 ? this.foldBatch(this.current, tail) : this.current;
  }

  /** A recent command whose events are folded (by the command id in their metadata), else undefined. */
  appliedCommand(commandId: string): AppliedCommand | undefined {
    return this.applied.find(commandId);
  }

  /** Called with every batch of stored events once folded. */
  onFolded(listener: FoldedListener): () => void {
    this.foldedListeners.add(listener);
    return () => this.foldedListeners.delete(listener);
  }

  onChange(listener: LiveStateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The batch folded in one go (fold updates in place what it made itself, see projections/live/evolve/evolve.ts).
   * An event the engine cannot fold (unknown type or version, a reducer bug) makes the batch go again
   * event by event, and that event is logged and left out instead of stopping the show; replay tooling
   * reports the same event the same way. fold never changes `previous`, so starting over is safe.
   */
  private foldBatch(previous: LiveState, batch: StoredEvent[]): LiveState {
    try {
      return fold(batch.map(fromStored), previous);
    } catch {
      let state = previous;
      for (const stored of batch) state = this.evolveSafely(state, stored);
      return state;
    }
  }

  private evolveSafely(state: LiveState, stored: StoredEvent): LiveState {
    try {
      return evolve(state, fromStored(stored));
    } catch (error) {
      this.logger.error(`event at position ${stored.position} (${stored.type}) cannot be folded: ${String(error)}`);
      return state;
    }
  }

  private apply(batch: StoredEvent[]): void {
    const previous = this.current;
    const state = this.foldBatch(previous, batch);
    for (const stored of batch) {
      this.revisions.set(stored.streamId, stored.revision);
      const commandId = stored.metadata.commandId;
      if (typeof commandId === 'string') this.applied.record(commandId, stored.position);
    }
    this.folded = batch.at(-1)?.position ?? this.folded;
    this.discardSnapshotsBeforeErasure(batch);
    for (const listener of this.foldedListeners) {
      try {
        listener(batch);
      } catch (error) {
        this.logger.error(`folded-events listener failed: ${String(error)}`);
      }
    }
    // Events that could not be folded leave the state as it was, but still count as seen (waiters below).
    if (state !== previous) {
      this.current = state;
      for (const listener of this.listeners) {
        try {
          listener(state, previous);
        } catch (error) {
          this.logger.error(`live state listener failed: ${String(error)}`);
        }
      }
    }
    const ready = this.waiters.filter((w) => w.position <= this.folded);
    this.waiters = this.waiters.filter((w) => w.position > this.folded);
    for (const waiter of ready) waiter.resolve();
    const every = this.options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
    if (!this.saving && this.folded - this.snapshotAt >= every && Date.now() >= this.snapshotNotBefore)
      void this.saveSnapshot();
  }
}
