import { Logger } from '@nestjs/common';
import {
  needsPersonalData,
  personalSubjectOf,
  restorePersonalData,
  splitPersonalData,
} from '../../events/personal-data';
import type {
  AppendCondition,
  AppendResult,
  BatchHandler,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  PlannedAppend,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from './event-store';
import type { PersonalDataVault, VaultRow } from './personal-data-vault';
import { SqlEventStore, type Alongside } from './sql/sql-event-store';

/**
 * Any event store with personal data kept out of its log (ARCHITECTURE.md rule 14): an append puts
 * the fields events/personal-data.ts names into the vault and stores the event without them; every
 * read puts them back, or the placeholders once the person was erased. The log is never rewritten, so
 * a replay before and after an erasure folds the same events (docs/decisions/erasure.md).
 *
 * On the SQL stores the vault's rows are written in the events' own transaction: a reader sees an
 * event and its personal fields together or neither, and a refused append leaves no row. EventStoreDB
 * has no transaction beside the vault's database: its rows are written first, then the events (a
 * refused append leaves its rows unread, erased with the person's others).
 */
export class PersonalDataStore implements EventStore {
  /**
   * What this process appended, until its own subscription has read it back: the one hop that needs
   * no query. Nothing else is cached, so no read after an erasure can see a value from before it.
   */
  private readonly justAppended = new Map<string, Record<string, unknown>>();
  private readonly logger = new Logger('PersonalData');
  /** The SQL store whose appends the vault's rows join (it and the vault share a database), or null. */
  private readonly sameTransaction: SqlEventStore | null;

  constructor(
    private readonly inner: EventStore,
    private readonly vault: PersonalDataVault,
  ) {
    this.sameTransaction = inner instanceof SqlEventStore && inner.storesIn(vault.db) ? inner : null;
  }

  get kind() {
    return this.inner.kind;
  }

  async append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    condition?: AppendCondition,
  ): Promise<AppendResult> {
    const { stored, rows } = split(events);
    this.remember(rows);
    if (this.sameTransaction)
      return this.sameTransaction.append(streamId, stored, expected, condition, this.putting(rows));
    await this.vault.put(rows);
    return this.inner.append(streamId, stored, expected, condition);
  }

  /**
   * The SQL stores' locked append. The plan decides under the store's lock and cannot wait for the
   * vault: the tail it reads is filled from what this process appended, others' personal fields show
   * the placeholders (the plan folds them into a scratch state for its decision only). Its own rows
   * join the append's transaction. A store without it (EventStoreDB) has no locked append.
   */
  get appendAfter(): EventStore['appendAfter'] {
    const sql = this.sameTransaction;
    if (!sql) return undefined;
    return async (after: number, plan: (tail: StoredEvent[]) => PlannedAppend | null) => {
      let rows: VaultRow[] = [];
      return sql.appendAfter(
        after,
        (tail) => {
          const planned = plan(tail.map((event) => restoreFrom(event, this.justAppended.get(event.id) ?? null)));
          if (!planned) return null;
          const parts = split(planned.events);
          rows = parts.rows;
          this.remember(rows); // before the append commits: this process's subscription may read it back at once
          return { ...planned, events: parts.stored };
        },
        (tx) => this.vault.put(rows, tx),
      );
    };
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.restore(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    return this.restore(await this.inner.readAll(options));
  }

  subscribe(handler: BatchHandler, options?: SubscribeOptions): Subscription {
    return this.inner.subscribe(async (events) => {
      const restored = await this.restore(events, this.justAppended);
      for (const event of events) this.justAppended.delete(event.id);
      await handler(restored);
    }, options);
  }

  lastPosition(): Promise<number> {
    return this.inner.lastPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private remember(rows: readonly VaultRow[]): void {
    for (const row of rows) this.justAppended.set(row.eventId, row.values);
    // Events whose append failed are never read back: the oldest go once there are too many.
    for (const id of this.justAppended.keys()) {
      if (this.justAppended.size <= JUST_APPENDED_MAX) break;
      this.justAppended.delete(id);
    }
  }

  private async restore(
    events: StoredEvent[],
    known: ReadonlyMap<string, Record<string, unknown>> = NOTHING,
  ): Promise<StoredEvent[]> {
    const personal = events.filter((e) => needsPersonalData(e.type, e.data) && !known.has(e.id));
    const found = personal.length > 0 ? await this.vaultRows(personal) : NOTHING;
    return events.map((event) => restoreFrom(event, known.get(event.id) ?? found.get(event.id) ?? null));
  }

  /**
   * The vault's rows of these events. Every personal event has one from its append on (SQL: the same
   * transaction; EventStoreDB: written before the event), so a missing row means the person was
   * erased: the placeholders. One missing for someone not erased was lost (written after the commit
   * by a locked retry of release 1.0, whose process died before it, or read in that moment): it shows
   * the placeholders too, with a warning.
   */
  private async vaultRows(events: readonly StoredEvent[]): Promise<Map<string, Record<string, unknown>>> {
    const found = await this.vault.get(events.map((e) => e.id));
    const missing = events.filter((e) => !found.has(e.id));
    if (missing.length === 0) return found;
    const erased = await this.vault.erasedAmong([
      ...new Set(missing.map((e) => personalSubjectOf(e.type, e.data) ?? '')),
    ]);
    const lost = missing.filter((e) => !erased.has(personalSubjectOf(e.type, e.data) ?? ''));
    if (lost.length > 0) this.logger.warn(`personal fields of ${lost.length} events not in the vault: shown as erased`);
    return found;
  }

  /** Writes the rows in the append's transaction (nothing to do without rows). */
  private putting(rows: readonly VaultRow[]): Alongside | undefined {
    return rows.length === 0 ? undefined : (tx) => this.vault.put(rows, tx);
  }
}

function restoreFrom(event: StoredEvent, values: Record<string, unknown> | null): StoredEvent {
  if (!needsPersonalData(event.type, event.data)) return event;
  return { ...event, data: restorePersonalData(event.type, event.data, values) };
}

const NOTHING: ReadonlyMap<string, Record<string, unknown>> = new Map();
const JUST_APPENDED_MAX = 10_000;

function split(events: readonly EventToAppend[]): { stored: EventToAppend[]; rows: VaultRow[] } {
  const rows: VaultRow[] = [];
  const stored = events.map((event) => {
    const { stored: data, personal } = splitPersonalData(event.type, event.data);
    if (personal) rows.push({ eventId: event.id, userId: personal.subjectId, values: personal.values });
    return data === event.data ? event : { ...event, data };
  });
  return { stored, rows };
}
