import { backoffMs } from '../../wire/backoff';
import { decodeLoggedEvent, type PositionedEvent } from './logged-events';
import type { Projector } from './projector';
import type { EventLog, LoggedEvent, LogSubscription, ReadSqlDatabase, ReadSqlSession } from './sql';

export interface RunnerOptions {
  /** Events per subscription batch, and so per transaction (default 1000). */
  batchSize?: number;
  /**
   * A failed batch is rolled back whole and tried again from the checkpoints after a backoff on the
   * curve of wire/backoff.ts (100 ms at first, doubling per failure in a row up to 3000 ms, with
   * jitter, so two processes behind one database do not retry in step).
   */
  onError?: (error: unknown) => void;
  /** Stop at the first failure instead of retrying; waitFor then rejects with it (the rebuild uses this). */
  stopOnError?: boolean;
  /** After each committed batch: the last position and how many events the batch had. The next batch waits for it. */
  onBatch?: (position: number, events: number) => void | Promise<void>;
}

/** Thrown out of a batch when some projector's checkpoint is behind this runner's stream. */
const RESUBSCRIBE = Symbol('resubscribe');

export async function ensureCheckpoints(tx: ReadSqlSession, names: readonly string[]): Promise<void> {
  await tx.query(
    `INSERT INTO read_projector_checkpoints (projector, position) SELECT name, 0 FROM unnest($1::text[]) AS n(name)
     ON CONFLICT (projector) DO NOTHING`,
    [names],
  );
}

export async function readCheckpoints(
  tx: ReadSqlSession,
  names: readonly string[],
  forUpdate = false,
): Promise<Map<string, number>> {
  const rows = await tx.query<{ projector: string; position: number | string }>(
    `SELECT projector, position FROM read_projector_checkpoints WHERE projector = ANY($1::text[]) ORDER BY projector${forUpdate ? ' FOR UPDATE' : ''}`,
    [names],
  );
  return new Map(rows.map((r) => [r.projector, Number(r.position)]));
}

/**
 * Feeds projectors from one subscription to the log, in global order. Each batch is one
 * transaction: every projector's checkpoint row is locked (FOR UPDATE), the projector gets only the
 * events after its checkpoint, and its checkpoint moves in the same transaction as its rows. So an
 * event is applied exactly once, across crashes and across processes sharing one database (a second
 * runner waits on the lock and then finds nothing left to do). A projector whose checkpoint is
 * behind what this runner last stored (someone reset it for a rebuild) makes the runner resubscribe
 * from there.
 *
 * A batch with no event of any projector's `types` (a question start, a proposal) changes no row: it
 * costs no transaction, and the checkpoints move over it with the next batch that does (or at stop).
 * Meanwhile `position` and `waitFor` count it as applied, and `checkpointOf` says how far each
 * projector's rows are current.
 */
export class ProjectionRunner {
  private subscription: LogSubscription | null = null;
  private stopped = false;
  private handled = 0;
  private waiters: { position: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private failure: { error: unknown } | null = null;
  private failuresInARow = 0;
  /**
   * Every projector's checkpoint in the database is at least this (unless someone reset one): the
   * position this runner subscribed after, or its last committed batch. Between it and `handled` lie
   * only events no projector reads.
   */
  private stored = 0;
  private readonly names: string[];
  private readonly types: ReadonlySet<string>;
  private readonly loop: Promise<void>;

  private constructor(
    private readonly db: ReadSqlDatabase,
    private readonly log: EventLog,
    private readonly projectors: readonly Projector[],
    private readonly options: RunnerOptions,
  ) {
    this.names = projectors.map((p) => p.name);
    this.types = new Set(projectors.flatMap((p) => p.types));
    this.loop = this.run();
  }

  /** Starts feeding; the read tables must exist (openReadDataSource). */
  static async start(
    db: ReadSqlDatabase,
    log: EventLog,
    projectors: readonly Projector[],
    options: RunnerOptions = {},
  ): Promise<ProjectionRunner> {
    await db.transaction((tx) =>
      ensureCheckpoints(
        tx,
        projectors.map((p) => p.name),
      ),
    );
    return new ProjectionRunner(db, log, projectors, options);
  }

  /** The position of the last batch this runner committed (or found already applied). */
  get position(): number {
    return this.handled;
  }

  /**
   * How far a projector's rows are current, given its checkpoint in the database: past it, up to this
   * runner's position, when only events no projector reads lie between (GET /api/health's lag).
   */
  checkpointOf(stored: number): number {
    return stored >= this.stored ? Math.max(stored, this.handled) : stored;
  }

  /** Resolves once every event up to `position` has been applied. */
  waitFor(position: number): Promise<void> {
    if (this.handled >= position) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure.error);
    return new Promise((resolve, reject) => this.waiters.push({ position, resolve, reject }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    await this.loop;
    // The checkpoints move over the batches that needed no transaction (a rebuild swaps by them).
    if (!this.failure && this.handled > this.stored) await this.commit([], this.handled).catch(() => undefined); // else the next start skips them again
    const stopped = new Error('The projection runner was stopped');
    for (const w of this.waiters.splice(0)) w.reject(stopped);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const checkpoints = await readCheckpoints(this.db, this.names).catch((error: unknown) => this.failed(error));
      if (!checkpoints || this.stopped) continue;
      const after = Math.min(...this.names.map((n) => checkpoints.get(n) ?? 0));
      this.stored = after;
      this.advanceTo(after);
      const subscription = this.log.subscribe((batch) => this.applyBatch(batch), {
        after,
        batchSize: this.options.batchSize ?? 1000,
      });
      this.subscription = subscription;
      try {
        await subscription.done;
      } catch (error) {
        if (error !== RESUBSCRIBE) await this.failed(error);
      }
    }
  }

  private async failed(error: unknown): Promise<undefined> {
    (this.options.onError ?? ((e: unknown) => console.error('[read projections]', e)))(error);
    if (this.options.stopOnError) {
      this.stopped = true;
      this.failure = { error };
      for (const w of this.waiters.splice(0)) w.reject(error);
      return undefined;
    }
    if (!this.stopped)
      await new Promise((resolve) => setTimeout(resolve, backoffMs(this.failuresInARow++, Math.random())));
    return undefined;
  }

  private async applyBatch(batch: LoggedEvent[]): Promise<void> {
    const last = batch.at(-1)?.position;
    if (last === undefined) return;
    const read = batch.filter((e) => this.types.has(e.type));
    if (read.length > 0)
      await this.commit(
        read.map(decodeLoggedEvent).filter((e): e is PositionedEvent => e !== null),
        last,
      );
    this.failuresInARow = 0;
    this.advanceTo(last);
    await this.options.onBatch?.(last, batch.length);
  }

  /** One transaction: each projector's unseen events of its types, and every checkpoint moved to `last`. */
  private async commit(events: readonly PositionedEvent[], last: number): Promise<void> {
    const behind = await this.db.transaction(async (tx) => {
      // Read models are rebuilt from the log: losing the last batches to a crash costs a re-fold, never
      // consistency (rows and checkpoint still commit together), so the batch need not wait for the WAL flush.
      await tx.query('SET LOCAL synchronous_commit = off');
      const checkpoints = await readCheckpoints(tx, this.names, true);
      let someBehind = false;
      for (const projector of this.projectors) {
        const checkpoint = checkpoints.get(projector.name) ?? 0;
        if (checkpoint < this.stored) {
          someBehind = true;
          continue;
        }
        const unseen = events.filter((e) => e.position > checkpoint && projector.types.includes(e.event.type));
        if (unseen.length > 0) await projector.apply(tx, unseen);
      }
      await tx.query(
        'UPDATE read_projector_checkpoints SET position = $2 WHERE projector = ANY($1::text[]) AND position >= $3 AND position < $2',
        [this.names, last, this.stored],
      );
      return someBehind;
    });
    if (behind) throw RESUBSCRIBE; // not "handled" yet: the projector behind still needs these events
    this.stored = last;
  }

  private advanceTo(position: number): void {
    this.handled = position;
    const due = this.waiters.filter((w) => w.position <= position);
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const w of due) w.resolve();
  }
}
