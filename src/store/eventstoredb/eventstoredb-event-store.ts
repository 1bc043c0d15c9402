import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  KurrentDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  streamNameFilter,
  type AppendResult as EsdbAppendResult,
  type Position,
  type ReadPosition,
  type RecordedEvent,
} from '@kurrent/kurrentdb-client';
import {
  BoundaryMovedError,
  IdempotencyConflictError,
  conditionMatches,
  retriedBatchEnd,
  type AppendCondition,
  type AppendResult,
  type BatchHandler,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store';
import { dropOldest } from '../../../projections/live/state/present';
import { finishIntent, isTransient, unavailableAs } from './availability';
import { metadataOf, toEventData, toIntentData, type Intent } from './encoding';
import { checkExpected, isAt, wrongRevision } from './expected-revision';
import { KnownStreams, type KnownStream } from './known-streams';
import { NO_POSITION, allPosition, endOfLog, toEsdbPosition, toNumber } from './positions';
import { EventStoreDbSubscription } from './subscription';

/*
 * The event store port on EventStoreDB (client 6.x, gRPC). This file: appends through the fence
 * (consistency boundary and idempotency, see append), reads of streams and $all, and positions handed
 * out. Beside it: positions.ts (how $all positions become our numbers), encoding.ts (what is written),
 * subscription.ts (the catch-up subscription), known-streams.ts (ids seen, for the idempotency check),
 * availability.ts (a server away), expected-revision.ts.
 */

/** Port options of this adapter beyond the connection string. */
export interface EventStoreDbOptions {
  /**
   * Only streams whose name starts with this belong to the store, and callers never see the prefix.
   * '' (the default): every stream that is not a system stream ($...).
   */
  streamPrefix?: string;
  /** $all position at or below which no event of this store lies, so reads can skip older history. */
  floor?: number;
}

const READ_PAGE = 1000;
const BACKWARD_PAGE = 100;
const DEFAULT_BATCH_SIZE = 500;
/** How many recently handed-out positions are remembered as valid places to start reading $all. */
const MAX_KNOWN_POSITIONS = 10_000;
/**
 * How long an append whose intent is in the fence keeps trying to store its events before it answers
 * "unavailable" (the command is then resent with its commandId, and whoever appends next stores them).
 */
const FINISH_INTENT_MS = 3000;
/** Intents kept in the fence stream (its max count): only the last one is ever read, the rest help a person looking. */
const FENCE_KEPT = 100;

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly prefix: string;
  private readonly floor: number;
  private readonly known = new KnownStreams();
  /** $all positions of records, in the order they were handed out (a Set keeps insertion order). */
  private readonly recordPositions = new Set<number>();
  private readonly subscriptions = new Set<EventStoreDbSubscription>();
  /** The fence revision whose intent this process knows to be stored (-1: none yet). */
  private materializedFence = -1;
  /** The end of this process's last append: the next one starts after it. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: KurrentDBClient,
    private readonly options: EventStoreDbOptions & { connectionString?: string } = {},
  ) {
    this.prefix = options.streamPrefix ?? '';
    if (this.prefix.startsWith('$')) throw new Error('The stream prefix must not start with $ (system streams)');
    this.floor = options.floor ?? 0;
  }

  /** Connects to e.g. `kurrentdb://localhost:2113?tls=false` (or the older `esdb://`) and checks that $all can be read. */
  static async connect(connectionString: string, options: EventStoreDbOptions = {}): Promise<EventStoreDbEventStore> {
    const store = new EventStoreDbEventStore(clientOf(connectionString), {
      ...options,
      connectionString,
    });
    try {
      await store.lastPosition();
      await store.materializeFenceHead(); // an append whose writer died between intent and events
    } catch (error) {
      await store.client.dispose();
      throw error;
    }
    return store;
  }

  /**
   * A store that sees only what it appends itself, on a server that may hold anything: a fresh stream
   * prefix and a floor at the current end of the log. For tests on a shared server.
   */
  static async connectIsolated(connectionString: string): Promise<EventStoreDbEventStore> {
    const client = clientOf(connectionString);
    try {
      const floor = await endOfLog(client);
      const streamPrefix = `t${randomUUID().replace(/-/g, '')}-`;
      return new EventStoreDbEventStore(client, { streamPrefix, floor, connectionString });
    } catch (error) {
      await client.dispose();
      throw error;
    }
  }

  /** Another connection to the same server and the same streams (another "process"). */
  openAnother(): Promise<EventStoreDbEventStore> {
    const { connectionString, ...options } = this.options;
    if (!connectionString) throw new Error('openAnother needs a store opened with a connection string');
    return EventStoreDbEventStore.connect(connectionString, options);
  }

  /*
   * Idempotency. ESDB deduplicates by event id, but only partly: with an exact expected revision below
   * the stream's head it compares the ids stored after that revision (a full match is a no-op, a partial
   * one is answered with WrongExpectedVersion, indistinguishable from a real conflict); with 'any' it
   * consults an in-memory cache of recent ids (lost on restart); and when the expected revision equals
   * the head it checks nothing and would store a repeated id a second time.
   * So before appending we look at the stream's ids ourselves (incrementally: this process remembers
   * what it has read, and reads only the revisions after that), which decides retries and partial
   * batches exactly as the SQL adapters do.
   * Not covered: an id stored in another stream (ESDB has no index by event id).
   *
   * The consistency boundary. This client (6.x) has no atomic append across streams, so every append
   * goes through one fence stream: the writer first writes its append there as an intent (the target
   * stream, the head it found there, the events), with the fence's revision it read as the expected
   * revision, and then appends the events to their stream. ESDB's check on that one stream puts all
   * intents in one order. Before writing an intent a writer materializes the fence's last intent (if
   * its events are not stored yet, it appends them at the recorded head; the event ids recognise a
   * repeat), and only then checks the boundary against $all. So when the intent lands, every earlier
   * append is in $all and nothing was written in between: the check was exact, as in the SQL
   * adapters' locked transaction. A writer that dies between intent and events leaves them to the next
   * writer or the next start (connect), which materialize them before anything else (so the intent holds
   * the events whole: every payload is written twice, once in the fence, once in its stream). Appends of one
   * process take turns (no contention with itself); several processes retry on the fence.
   * Every writer of a store must use this fence: an append to our streams that bypasses it (an older
   * adapter) breaks the guarantee and is reported when a materialization finds the stream moved.
   */
  async append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    condition?: AppendCondition,
  ): Promise<AppendResult> {
    checkExpected(expected);
    return this.inTurn(() => unavailableAs(() => this.appendThroughFence(streamId, events, expected, condition)));
  }

  private async appendThroughFence(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    condition: AppendCondition | undefined,
  ): Promise<AppendResult> {
    for (;;) {
      const fenceRevision = await this.materializeFenceHead();
      const known = await this.refresh(streamId);
      if (events.length === 0) return this.appendNothing(streamId, expected, known.revision);
      const retried = await this.alreadyStored(streamId, events, known);
      if (retried) return retried;
      if (!isAt(expected, known.revision)) throw wrongRevision(streamId, expected, known.revision);
      if (condition) await this.checkCondition(streamId, condition);
      const intent: Intent = { stream: streamId, head: known.revision, events };
      try {
        await this.client.appendToStream(this.fenceStream, [toIntentData(intent)], {
          streamState: fenceRevision < 0 ? NO_STREAM : BigInt(fenceRevision),
        });
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) continue; // another process wrote an intent: look again
        throw error;
      }
      // The intent is stored: from here on this append is decided, and is never answered as failed.
      // Its events are stored now, or (the server away past the bound) by the next append of any
      // process, which materializes the fence's last intent first; the answer is then "unavailable",
      // and the resend with the same commandId finds the events (same ids) stored.
      const result = await finishIntent(
        async () => {
          if (fenceRevision < 0) await this.client.setStreamMetadata(this.fenceStream, { maxCount: FENCE_KEPT });
          return this.materialize(intent);
        },
        isTransient,
        FINISH_INTENT_MS,
      );
      this.materializedFence = fenceRevision + 1;
      return result;
    }
  }

  /** Materializes the fence's last intent unless this process knows it is stored; the fence's revision (-1: empty). */
  private async materializeFenceHead(): Promise<number> {
    let last: RecordedEvent | undefined;
    try {
      const read = this.client.readStream(this.fenceStream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
        requiresLeader: true,
      });
      for await (const resolved of read) last = resolved.event ?? last;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return -1;
      throw error;
    }
    if (!last) return -1;
    const revision = Number(last.revision);
    if (revision !== this.materializedFence) {
      await this.materialize(last.data as unknown as Intent);
      this.materializedFence = revision;
    }
    return revision;
  }

  /** Appends an intent's events at the head recorded in it; a repeat is recognised by the event ids. */
  private async materialize({ stream, head, events }: Intent): Promise<AppendResult> {
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(this.esdbStream(stream), events.map(toEventData), {
        streamState: head < 0 ? NO_STREAM : BigInt(head),
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const stored = await this.alreadyStored(stream, events, await this.refresh(stream));
      if (stored) return stored;
      throw new Error(
        `Stream ${stream} moved past revision ${head} outside the fence: every writer of this store must append through it`,
      );
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    const commit = result.position?.commit;
    let position = commit !== undefined && commit < NO_POSITION ? this.handOut(toNumber(commit)) : undefined;
    this.known.remember(stream, events, nextExpectedRevision, position);
    position ??= await this.positionOf(stream, nextExpectedRevision);
    return { nextExpectedRevision, position };
  }

  /** Runs the appends of this process one after the other. */
  private inTurn<T>(append: () => Promise<T>): Promise<T> {
    const turn = this.turn.then(append, append);
    this.turn = turn.catch(() => undefined);
    return turn;
  }

  /** Reads $all after the condition's position for an event the boundary names (see the fence above): streams, types and team filter in memory. */
  private async checkCondition(streamId: string, condition: AppendCondition): Promise<void> {
    let after = condition.after;
    for (;;) {
      const page = await this.readAll({ after, limit: READ_PAGE });
      const moved = page.find((e) => conditionMatches(condition, e.streamId, e));
      if (moved) throw new BoundaryMovedError(streamId, moved.streamId, condition.after);
      if (page.length < READ_PAGE) return;
      after = page.at(-1)?.position ?? after;
    }
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    return unavailableAs(() => this.readStreamNow(streamId, options));
  }

  private async readStreamNow(streamId: string, options: ReadStreamOptions): Promise<StoredEvent[]> {
    const { fromRevision = 0, limit } = options;
    if (limit !== undefined && limit <= 0) return [];
    const read = this.client.readStream(this.esdbStream(streamId), {
      fromRevision: BigInt(fromRevision),
      direction: FORWARDS,
      ...(limit !== undefined ? { maxCount: limit } : {}),
    });
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of read) {
        const recorded = resolved.event;
        if (!recorded || !this.isOurs(recorded)) continue;
        const commit = recorded.position?.commit;
        // Stream reads carry the $all position since server 22.6.
        if (commit === undefined || commit >= NO_POSITION) {
          throw new Error('EventStoreDB returned no $all position on a stream read: server 22.6 or newer is required');
        }
        events.push(this.toStoredEvent(recorded, toNumber(commit)));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** $all forward in pages, skipping other streams (the client's readAll has no server-side filter). */
  readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    return unavailableAs(() => this.readAllNow(options));
  }

  private async readAllNow(options: ReadAllOptions): Promise<StoredEvent[]> {
    const { after = 0, limit = Number.POSITIVE_INFINITY } = options;
    const events: StoredEvent[] = [];
    let threshold = Math.max(after, this.floor);
    let from = await this.startAt(after);
    while (events.length < limit) {
      // +1: every page but the first starts with the last record of the previous one again.
      const pageSize = Math.min(READ_PAGE, Math.max(limit - events.length + 1, 100));
      let seen = 0;
      let cursor: Position | null = null;
      const read = this.client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: pageSize });
      for await (const resolved of read) {
        seen++;
        const recorded = resolved.event;
        if (!recorded) continue;
        cursor = recorded.position;
        const position = toNumber(recorded.position.commit);
        if (position <= threshold) continue;
        threshold = position;
        if (this.isOurs(recorded) && events.length < limit) {
          events.push(this.toStoredEvent(recorded, allPosition(recorded.position)));
        }
      }
      if (seen < pageSize || !cursor) break;
      from = cursor;
    }
    return events;
  }

  subscribe(handler: BatchHandler, options: SubscribeOptions = {}): Subscription {
    const subscription = new EventStoreDbSubscription({
      open: async (after, batchSize) =>
        this.client.subscribeToAll(
          {
            fromPosition: await this.startAt(after),
            filter: this.prefix ? streamNameFilter({ prefixes: [this.prefix] }) : streamNameFilter({ regex: '^[^$]' }),
          },
          { highWaterMark: batchSize },
        ),
      toStoredEvent: (resolved) => {
        const recorded = resolved.event;
        if (!recorded || !this.isOurs(recorded)) return null;
        return this.toStoredEvent(recorded, allPosition(recorded.position));
      },
      lastPosition: () => this.lastPosition(),
      handler,
      after: options.after ?? 0,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      onEnd: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** $all backwards from the end to the first event of ours. */
  lastPosition(): Promise<number> {
    return unavailableAs(() => this.lastPositionNow());
  }

  private async lastPositionNow(): Promise<number> {
    let from: ReadPosition = END;
    let lowest = Number.POSITIVE_INFINITY;
    for (;;) {
      let seen = 0;
      const read = this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: BACKWARD_PAGE });
      for await (const resolved of read) {
        seen++;
        const recorded = resolved.event;
        if (!recorded) continue;
        const position = toNumber(recorded.position.commit);
        if (position >= lowest) continue;
        if (position <= this.floor) return 0;
        if (this.isOurs(recorded)) return this.handOut(allPosition(recorded.position));
        lowest = position;
        from = recorded.position;
      }
      if (seen < BACKWARD_PAGE) return 0;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }

  private esdbStream(streamId: string): string {
    return this.prefix + streamId;
  }

  /** The stream that orders all appends of this store (see append). '~' keeps it apart from the app's stream names. */
  private get fenceStream(): string {
    return `${this.prefix}~fence`;
  }

  private isOurs(recorded: RecordedEvent): boolean {
    const stream = recorded.streamId;
    return (
      !stream.startsWith('$') &&
      stream.startsWith(this.prefix) &&
      !recorded.type.startsWith('$') &&
      stream !== this.fenceStream
    );
  }

  private toStoredEvent(recorded: RecordedEvent, position: number): StoredEvent {
    return {
      position: this.handOut(position),
      streamId: recorded.streamId.slice(this.prefix.length),
      revision: Number(recorded.revision),
      id: recorded.id,
      type: recorded.type,
      data: recorded.data,
      metadata: metadataOf(recorded.metadata),
    };
  }

  /** Remembers a record's position as a valid place to start reading $all. */
  private handOut(position: number): number {
    this.recordPositions.add(position);
    if (this.recordPositions.size > MAX_KNOWN_POSITIONS) {
      dropOldest(this.recordPositions);
    }
    return position;
  }

  /** Where to read $all from for the records after `after`: a record at or below it (see the note on positions). */
  private async startAt(after: number): Promise<ReadPosition> {
    if (after <= this.floor) return this.floor > 0 ? toEsdbPosition(this.floor) : START;
    if (this.recordPositions.has(after)) return toEsdbPosition(after);
    let from: ReadPosition = END;
    for (;;) {
      let seen = 0;
      const read = this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: READ_PAGE });
      for await (const resolved of read) {
        seen++;
        const recorded = resolved.event;
        if (!recorded) continue;
        if (toNumber(recorded.position.commit) <= after) {
          return recorded.position; // leaving the loop ends the read (the iterator's return())
        }
        from = recorded.position;
      }
      if (seen < READ_PAGE) return this.floor > 0 ? toEsdbPosition(this.floor) : START;
    }
  }

  private appendNothing(streamId: string, expected: ExpectedRevision, head: number): Promise<AppendResult> {
    if (!isAt(expected, head)) throw wrongRevision(streamId, expected, head);
    return this.lastPosition().then((position) => ({ nextExpectedRevision: head, position }));
  }

  /**
   * A retry when the whole batch is stored in this stream, in order: the result of the original append
   * (with the stream's current head). Some but not all of it stored: IdempotencyConflictError.
   */
  private async alreadyStored(
    streamId: string,
    events: EventToAppend[],
    known: KnownStream,
  ): Promise<AppendResult | null> {
    const stored = events.map((e) => known.events.get(e.id.toLowerCase()));
    const storedIds = events.filter((_, i) => stored[i]).map((e) => e.id);
    if (storedIds.length === 0) return null;
    const last = retriedBatchEnd(stored);
    if (!last) throw new IdempotencyConflictError(streamId, storedIds);
    return {
      nextExpectedRevision: known.revision,
      position: last.position ?? (await this.positionOf(streamId, last.revision)),
    };
  }

  /** Reads the stream's events after what this process already knows of it. */
  private async refresh(streamId: string): Promise<KnownStream> {
    const entry = this.known.touch(streamId);
    const fresh = await this.readStream(streamId, { fromRevision: entry.revision + 1 });
    this.known.add(streamId, entry, fresh);
    this.known.evict(streamId);
    return entry;
  }

  private async positionOf(streamId: string, revision: number): Promise<number> {
    const known = this.known.position(streamId, revision);
    if (known !== undefined) return known;
    const [event] = await this.readStream(streamId, { fromRevision: revision, limit: 1 });
    if (!event) throw new Error(`Event ${revision} of stream ${streamId} not found`);
    return event.position;
  }
}

/**
 * The KurrentDB client for a connection string; `esdb://` (EventStoreDB's scheme, still accepted in
 * EVENTSTORE_URL) is read as `kurrentdb://`, which the client would otherwise warn about on every start.
 */
function clientOf(connectionString: string): KurrentDBClient {
  return KurrentDBClient.connectionString(connectionString.replace(/^esdb(\+discover)?:/i, 'kurrentdb$1:'));
}
