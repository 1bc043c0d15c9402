import {
  AppendCondition,
  AppendResult,
  BoundaryMovedError,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  IdempotencyConflictError,
  PlannedAppend,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
  BatchHandler,
  WrongExpectedRevisionError,
  conditionMatches,
  retriedBatchEnd,
} from '../event-store';
import { PollingSubscription, WakeSignal } from '../polling-subscription';
import { APPEND_LOCK, EVENTS_CHANNEL } from './event-schema';
import { migrateWriteSide } from './migrate';
import type { SqlDatabase, SqlSession } from './sql-database';

interface EventRow {
  position: number | string;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

const COLUMNS = 'position, stream_id, revision, event_id::text AS event_id, type, data, metadata';
/** Rows per INSERT statement: 7 parameters each stays far below Postgres' 65,535 parameter limit. */
const INSERT_CHUNK = 1000;

/** The EventStore port on SQL: the embedded PGlite default and Postgres share this implementation. */
export class SqlEventStore implements EventStore {
  readonly kind;
  private readonly wake = new WakeSignal();
  private readonly subscriptions = new Set<PollingSubscription>();
  private unlisten: (() => Promise<void>) | null = null;
  /** The subscriptions' read under way: another one reading from the same position in the same generation shares it. */
  /** The last position of this process's appends that woke the subscriptions. */
  private announced = 0;
  /** The last position of the append being committed now (0: none). */
  private committing = 0;
  private sharedRead: { after: number; limit: number; generation: number; events: Promise<StoredEvent[]> } | null =
    null;

  /**
   * Whether appends take the advisory lock. PGlite is one session whose transactions run one at a time:
   * nobody can append beside an append there, and the lock would only cost a statement per append.
   */
  private readonly lock: boolean;

  private constructor(
    private readonly db: SqlDatabase,
    private readonly pollIntervalMs: number,
  ) {
    this.kind = db.kind;
    this.lock = db.kind !== 'embedded';
  }

  static async open(
    db: SqlDatabase,
    options: { pollIntervalMs?: number; listen?: boolean } = {},
  ): Promise<SqlEventStore> {
    await migrateWriteSide(db); // at the newest version already (openStorage migrated): one locked read
    const store = new SqlEventStore(db, options.pollIntervalMs ?? 500);
    // Notifications only wake subscribers early; polling alone is enough to see every event.
    // A listening connection that was lost and is back wakes them too: notifications may have been missed.
    if (options.listen === false) return store;
    store.unlisten = await db
      .listen(
        EVENTS_CHANNEL,
        (payload) => store.notified(payload),
        () => store.wake.notify(),
      )
      .catch(() => null);
    return store;
  }

  /**
   * A notification of an append up to `payload` (its last position). This process's own appends have
   * woken the subscriptions already: their echo would only make each read once more for nothing. Anything
   * at or below a position this process appended and announced was committed before it (positions are
   * given out under the append lock), so that wake-up's reads see it too.
   */
  private notified(payload: string): void {
    const position = Number(payload);
    if (Number.isFinite(position) && position <= Math.max(this.announced, this.committing)) return;
    this.wake.notify();
  }

  /**
   * Runs an append's transaction and wakes the subscriptions after it. The echo of its notification can
   * arrive while the commit is still being answered (PGlite delivers it with the COMMIT): the position
   * being committed counts as announced meanwhile.
   */
  private async appending<Result extends AppendResult | null>(
    work: (tx: SqlSession) => Promise<Result>,
  ): Promise<Result> {
    let committed: AppendResult | null = null;
    let failed = true;
    try {
      const result = await this.db.transaction(async (tx) => {
        const appended = await work(tx);
        if (appended) this.committing = appended.position;
        return appended;
      });
      committed = result;
      failed = false;
      return result;
    } finally {
      this.committing = 0;
      if (committed) this.announced = Math.max(this.announced, committed.position);
      // Also after a failure: a notification skipped while it was committing must not be lost.
      if (committed || failed) this.wake.notify();
    }
  }

  /** `alongside`: see appendInTransaction (the personal-data store writes the vault's rows with it). */
  async append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    condition?: AppendCondition,
    alongside?: Alongside,
  ): Promise<AppendResult> {
    return this.appending((tx) =>
      appendInTransaction(tx, streamId, events, expected, condition, { lock: this.lock, alongside }),
    );
  }

  /** `alongside` runs only when the plan appends (after the plan, so it may use what the plan decided). */
  async appendAfter(
    after: number,
    plan: (tail: StoredEvent[]) => PlannedAppend | null,
    alongside?: Alongside,
  ): Promise<AppendResult | null> {
    return this.appending(async (tx) => {
      if (this.lock) await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);
      const tail = await tx.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position`, [
        after,
      ]);
      const planned = plan(tail.map(toStoredEvent));
      return (
        planned &&
        appendInTransaction(tx, planned.streamId, planned.events, planned.expected, planned.condition, {
          lock: false,
          alongside,
        })
      ); // held already
    });
  }

  /** Whether `db` is this store's database: work on it can join the appends' transactions (`alongside`). */
  storesIn(db: SqlDatabase): boolean {
    return this.db === db;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const rows = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
      [streamId, options.fromRevision ?? 0, options.limit ?? null],
    );
    return rows.map(toStoredEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const rows = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
      [options.after ?? 0, options.limit ?? null],
    );
    return rows.map(toStoredEvent);
  }

  subscribe(handler: BatchHandler, options: SubscribeOptions = {}): Subscription {
    const subscription = new PollingSubscription({
      readAll: (after, limit) => this.readShared(after, limit),
      lastPosition: () => this.lastPosition(),
      handler,
      after: options.after ?? 0,
      batchSize: options.batchSize ?? 500,
      wake: this.wake,
      pollIntervalMs: this.pollIntervalMs,
      onEnd: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * A subscription's read. One append wakes every subscription of the process (the live state, the read
   * projections) at once, each at the same position: they share one read instead of each making its own.
   * Shared only while it is under way and only within the wake generation it began in, so a reader never
   * gets a read older than what it was woken for (see PollingSubscription). The events are not changed by
   * their readers (the personal-data store makes new ones).
   */
  private readShared(after: number, limit: number): Promise<StoredEvent[]> {
    const generation = this.wake.current;
    const shared = this.sharedRead;
    if (shared && shared.after === after && shared.generation === generation) {
      // A shorter read serves a longer one when it came back short: it held the whole tail.
      return shared.events.then((events) =>
        limit <= shared.limit || events.length < shared.limit ? events.slice(0, limit) : this.readAll({ after, limit }),
      );
    }
    const read = { after, limit, generation, events: this.readAll({ after, limit }) };
    this.sharedRead = read;
    const done = () => {
      if (this.sharedRead === read) this.sharedRead = null;
    };
    read.events.then(done, done);
    return read.events;
  }

  async lastPosition(): Promise<number> {
    const [row] = await this.db.query<{ last: number | string | null }>('SELECT max(position) AS last FROM events');
    const last = Number(row?.last ?? 0);
    // Whoever asks usually waits next for the subscribers to get there (a catch-up): one that is behind
    // reads now, not at its next poll, should the notification have been lost.
    if ([...this.subscriptions].some((s) => s.position < last)) this.wake.notify();
    return last;
  }

  /** Stops the subscriptions; the database itself belongs to whoever opened it. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.unlisten?.();
    this.unlisten = null;
  }
}

/**
 * Work on the store's own database inside an append's transaction: it runs once the append is known to
 * store its events (not for a refused append, nor for a retry of one already stored), and commits or
 * rolls back with them.
 */
export type Alongside = (tx: SqlSession) => Promise<void>;

/**
 * The append itself, inside a caller's transaction. Exported so that a test can hold such a
 * transaction open and show what readers see meanwhile. `lock: false`: the caller holds the lock
 * already, or the database runs one transaction at a time (PGlite).
 *
 * Three statements: the lock; one read of the stream's head, the last position, any of these
 * events already stored and the events stored after the condition's position (stream, type and team
 * only; it must come after the lock: a statement reads the snapshot of its start; and since every
 * writer holds the lock, nothing can land in the boundary between this check and the commit); the
 * insert with the notification. Whether one of those events moves the boundary is `conditionMatches`,
 * the rule every store applies: the statement stays simple to plan (PGlite plans it at every append,
 * and planning the filter in SQL cost more than the rest of the append), and the tail is nearly
 * always empty (the state the decision read is this process's live state, at most a batch behind).
 */
export async function appendInTransaction(
  tx: SqlSession,
  streamId: string,
  events: EventToAppend[],
  expected: ExpectedRevision,
  condition?: AppendCondition,
  { lock = true, alongside }: { lock?: boolean; alongside?: Alongside } = {},
): Promise<AppendResult> {
  if (lock) await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);
  const [facts] = await tx.query<{
    head: number | null;
    last: number | string | null;
    stored: StoredRow[] | string;
    tail: TailRow[] | string | null;
  }>(
    `SELECT
       (SELECT max(revision) FROM events WHERE stream_id = $1) AS head,
       (SELECT max(position) FROM events) AS last,
       (SELECT coalesce(json_agg(json_build_object('event_id', event_id::text, 'stream_id', stream_id, 'revision', revision, 'position', position)), '[]'::json)
          FROM events WHERE event_id = ANY($2::uuid[])) AS stored,
       (SELECT json_agg(json_build_array(position, stream_id, type, data->>'teamId') ORDER BY position)
          FROM (SELECT position, stream_id, type, data FROM events WHERE position > $3::bigint ORDER BY position LIMIT ${TAIL_PAGE}) t) AS tail`,
    [streamId, events.map((e) => e.id), condition ? condition.after : null],
  );
  const current = facts?.head ?? null;
  const lastPosition = Number(facts?.last ?? 0);
  const stored = typeof facts?.stored === 'string' ? (JSON.parse(facts.stored) as StoredRow[]) : (facts?.stored ?? []);

  const retried = alreadyStored(streamId, events, stored, current);
  if (retried) return retried;
  if (condition) {
    const tail = typeof facts?.tail === 'string' ? (JSON.parse(facts.tail) as TailRow[]) : (facts?.tail ?? []);
    const moved = await firstMoved(tx, condition, tail);
    if (moved !== null) throw new BoundaryMovedError(streamId, moved, condition.after);
  }
  checkExpectedRevision(streamId, expected, current);
  if (events.length === 0) return { nextExpectedRevision: current ?? -1, position: lastPosition };
  if (alongside) await alongside(tx);

  let position = lastPosition;
  let revision = current ?? -1;
  for (let start = 0; start < events.length; start += INSERT_CHUNK) {
    const chunk = events.slice(start, start + INSERT_CHUNK);
    const params: unknown[] = [];
    const values = chunk.map((event) => {
      params.push(
        ++position,
        streamId,
        ++revision,
        event.id,
        event.type,
        toJson(event.data),
        toJson(event.metadata ?? {}),
      );
      const n = params.length;
      return `($${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}::jsonb, $${n}::jsonb)`;
    });
    const insert = `INSERT INTO events (position, stream_id, revision, event_id, type, data, metadata) VALUES ${values.join(', ')}`;
    if (start + INSERT_CHUNK < events.length) {
      await tx.query(insert, params);
    } else {
      // The notification goes out with the last chunk (and is delivered at commit).
      params.push(EVENTS_CHANNEL, String(position));
      await tx.query(`WITH inserted AS (${insert}) SELECT pg_notify($${params.length - 1}, $${params.length})`, params);
    }
  }
  return { nextExpectedRevision: revision, position };
}

/** An event stored after a condition's position, as far as the condition looks at it: position, stream, type, the data's `teamId`. */
type TailRow = [number | string, string, string, string | null];

/** Rows of the tail read at once (more only when a decision was made against a state this far behind). */
const TAIL_PAGE = 1000;

/** The stream of the first event after the condition's position that moves its boundary, or null. */
async function firstMoved(tx: SqlSession, condition: AppendCondition, page: TailRow[]): Promise<string | null> {
  for (;;) {
    for (const [, streamId, type, teamId] of page) {
      if (conditionMatches(condition, streamId, { type, data: { teamId: teamId ?? undefined } })) return streamId;
    }
    if (page.length < TAIL_PAGE) return null;
    const [row] = await tx.query<{ tail: TailRow[] | string | null }>(
      `SELECT json_agg(json_build_array(position, stream_id, type, data->>'teamId') ORDER BY position) AS tail
         FROM (SELECT position, stream_id, type, data FROM events WHERE position > $1 ORDER BY position LIMIT ${TAIL_PAGE}) t`,
      [page.at(-1)?.[0]],
    );
    page = typeof row?.tail === 'string' ? (JSON.parse(row.tail) as TailRow[]) : (row?.tail ?? []);
  }
}

interface StoredRow {
  event_id: string;
  stream_id: string;
  revision: number;
  position: number | string;
}

/**
 * Idempotency: when every event of the batch is already stored, in this stream and in this order,
 * the append was a retry and succeeds without adding anything. A batch partly stored is refused.
 */
function alreadyStored(
  streamId: string,
  events: EventToAppend[],
  rows: StoredRow[],
  head: number | null,
): AppendResult | null {
  if (events.length === 0 || rows.length === 0) return null;
  const byId = new Map(rows.map((r) => [r.event_id, r]));
  const last = retriedBatchEnd(
    events.map((e) => {
      const row = byId.get(e.id.toLowerCase());
      return row?.stream_id === streamId ? row : undefined;
    }),
  );
  if (!last)
    throw new IdempotencyConflictError(
      streamId,
      rows.map((r) => r.event_id),
    );
  return { nextExpectedRevision: head ?? last.revision, position: Number(last.position) };
}

function checkExpectedRevision(streamId: string, expected: ExpectedRevision, current: number | null): void {
  const actual = current ?? 'no_stream';
  const ok = expected === 'any' || (expected === 'no_stream' ? current === null : current === expected);
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

function toJson(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value);
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    revision: row.revision,
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}
