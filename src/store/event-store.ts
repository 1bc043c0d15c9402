/**
 * The EventStore port: the one source of truth of the product.
 *
 * Every adapter (embedded PGlite, Postgres, EventStoreDB) passes the same contract suite in
 * test/contract/. Positions are global, strictly increasing and never reused once a reader has seen
 * them; a stream's revisions start at 0.
 */

/** What the stream must look like for an append to go through. A number is the revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | number;

export interface EventToAppend {
  /** A UUID. Appending an event whose id is already stored in the same place is a no-op (idempotency). */
  id: string;
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
}

export interface StoredEvent {
  /** Global position in the log, strictly increasing in read-all order. */
  position: number;
  streamId: string;
  /** 0-based revision within the stream. */
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append (pass it as the next expected revision). */
  nextExpectedRevision: number;
  /** Global position of the last appended (or, on an idempotent retry, already stored) event. */
  position: number;
}

/**
 * Events of some streams (ids or categories) of some types only; with `team`, only those about that
 * team (whose data's `teamId` is it: the team is the event's tag, as the dynamic consistency boundary
 * idea has it).
 */
export interface EventQuery {
  readonly streams: readonly string[];
  readonly types: readonly string[];
  readonly team?: string;
}

/**
 * The consistency boundary of an append (ARCHITECTURE.md rule 6): the append goes through only if no
 * event it names was stored after `after` (the position of the state the decision read): no event of
 * `streams`, none that one of `queries` matches. A stream pattern is a stream id, or a category: a
 * prefix ending in `-*` (`night-*` is every night stream).
 */
export interface AppendCondition {
  readonly after: number;
  readonly streams: readonly string[];
  readonly queries?: readonly EventQuery[];
}

/** Whether a stream id is one of the condition's streams (exact id or `category-*`). */
export function streamMatches(patterns: readonly string[], streamId: string): boolean {
  return patterns.some((p) => (p.endsWith('-*') ? streamId.startsWith(p.slice(0, -1)) : streamId === p));
}

/** Whether an event of a stream is one the query names. */
export function queryMatches(query: EventQuery, streamId: string, event: { type: string; data: unknown }): boolean {
  return (
    streamMatches(query.streams, streamId) &&
    query.types.includes(event.type) &&
    (query.team === undefined || (event.data as { teamId?: unknown } | null)?.teamId === query.team)
  );
}

/** Whether an event stored after the condition's position moves its boundary. */
export function conditionMatches(
  condition: Omit<AppendCondition, 'after'>,
  streamId: string,
  event: { type: string; data: unknown },
): boolean {
  return (
    streamMatches(condition.streams, streamId) ||
    (condition.queries ?? []).some((q) => queryMatches(q, streamId, event))
  );
}

/**
 * Idempotency, as every adapter decides it: `stored[i]` is what the store holds under the batch's i-th
 * event id (in the append's stream), if anything. When all of them are stored at consecutive revisions
 * the append was a retry: its last stored event is returned. Null otherwise (nothing or part stored,
 * or out of order).
 */
export function retriedBatchEnd<S extends { readonly revision: number }>(stored: readonly (S | undefined)[]): S | null {
  const found = stored.filter((s): s is S => s !== undefined);
  const [first] = found;
  const last = found.at(-1);
  if (first === undefined || last === undefined || found.length < stored.length) return null;
  return found.every((s, i) => s.revision === first.revision + i) ? last : null;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  limit?: number;
}

export interface ReadAllOptions {
  /** Read events with a position greater than this; 0 (the default) reads from the start. */
  after?: number;
  limit?: number;
}

export type BatchHandler = (events: StoredEvent[]) => void | Promise<void>;

export interface SubscribeOptions {
  /** Deliver events with a position greater than this; 0 (the default) replays the whole log first. */
  after?: number;
  /** Upper bound of events handed to the handler at once (default 500). */
  batchSize?: number;
}

export interface Subscription {
  /** The position of the last event the handler finished. */
  readonly position: number;
  /** Resolves once the subscription has caught up with the log as it was when it started, or later. */
  readonly caughtUp: Promise<void>;
  /** Settles when the subscription ends: resolves after stop(), rejects if the handler threw. */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

export type StoreKind = 'embedded' | 'postgres' | 'eventstoredb';

/** An append as `EventStore.appendAfter`'s plan returns it. */
export interface PlannedAppend {
  streamId: string;
  events: EventToAppend[];
  expected: ExpectedRevision;
  condition?: AppendCondition;
}

export interface EventStore {
  readonly kind: StoreKind;
  /**
   * Appends atomically: all events or none. Throws WrongExpectedRevisionError, BoundaryMovedError (a
   * stream of `condition` moved after its position) or IdempotencyConflictError. A retry of an
   * already stored batch succeeds whatever the condition says: it was decided and stored before.
   */
  append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    condition?: AppendCondition,
  ): Promise<AppendResult>;
  /**
   * Optional (the SQL stores): hands `plan` the events stored after `after` while holding the store's
   * append lock, and appends what it returns (nothing when it returns null) before letting go: no other
   * writer can store anything between the plan and its append. Null when nothing was appended.
   */
  appendAfter?(after: number, plan: (tail: StoredEvent[]) => PlannedAppend | null): Promise<AppendResult | null>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * Catch-up, then live: hands the handler every event after `after` in global order, one batch at a
   * time (the next batch only after the handler's promise resolved), never skipping or repeating one.
   */
  subscribe(handler: BatchHandler, options?: SubscribeOptions): Subscription;
  /** Position of the last event in the log, 0 when empty. */
  lastPosition(): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Revision of the stream's last event, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected revision on stream ${streamId}: expected ${expected}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** An append whose consistency boundary moved: another writer stored an event in one of its streams meanwhile. */
export class BoundaryMovedError extends Error {
  constructor(
    readonly streamId: string,
    /** The first stream of the boundary that moved after the condition's position. */
    readonly movedStream: string,
    readonly after: number,
  ) {
    super(
      `Append to ${streamId} refused: stream ${movedStream} of its consistency boundary moved after position ${after}`,
    );
    this.name = 'BoundaryMovedError';
  }
}

/** Some, but not all, events of a batch are already stored (or an id is stored in another stream). */
export class IdempotencyConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventIds: string[],
  ) {
    super(
      `Append to ${streamId} conflicts with already stored events ${eventIds.join(', ')}: a batch is stored whole or not at all`,
    );
    this.name = 'IdempotencyConflictError';
  }
}
