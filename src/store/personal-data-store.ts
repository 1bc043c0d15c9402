import { Logger } from '@nestjs/common';
import { needsPersonalData, personalSubjectOf, restorePersonalData, splitPersonalData } from '../../events/personal-data';
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

/**
 * Any event store with personal data kept out of its log (ARCHITECTURE.md rule 14): an append puts
 * the fields events/personal-data.ts names into the vault first, then stores the event without them;
 * every read puts them back, or the placeholders once the person was erased. The log is never
 * rewritten, so a replay before and after an erasure folds the same events (docs/decisions/erasure.md).
 */
export class PersonalDataStore implements EventStore {
  /**
   * What this process appended, until its own subscription has read it back: the one hop that needs
   * no query. Nothing else is cached, so no read after an erasure can see a value from before it.
   */
  private readonly justAppended = new Map<string, Record<string, unknown>>();
  private readonly logger = new Logger('PersonalData');

  constructor(
    private readonly inner: EventStore,
    private readonly vault: PersonalDataVault,
  ) {}

  get kind() {
    return this.inner.kind;
  }

  async append(streamId: string, events: EventToAppend[], expected: ExpectedRevision, condition?: AppendCondition): Promise<AppendResult> {
    const { stored, rows } = split(events);
    await this.vault.put(rows);
    this.remember(rows);
    return this.inner.append(streamId, stored, expected, condition);
  }

  /**
   * The plan decides under the store's lock and cannot wait for the vault: the tail it reads is filled
   * from what this process appended, others' personal fields show the placeholders (the plan folds
   * them into a scratch state for its decision only). Its own events reach the vault right after the
   * append (a process that dies in between leaves that person's new values unread: placeholders).
   */
  get appendAfter(): EventStore['appendAfter'] {
    const inner = this.inner;
    if (!inner.appendAfter) return undefined;
    return async (after: number, plan: (tail: StoredEvent[]) => PlannedAppend | null) => {
      let rows: VaultRow[] = [];
      const result = await inner.appendAfter!(after, (tail) => {
        const planned = plan(tail.map((event) => restoreFrom(event, this.justAppended.get(event.id) ?? null)));
        if (!planned) return null;
        const parts = split(planned.events);
        rows = parts.rows;
        this.remember(rows); // before the append commits: this process's subscription may read it back at once
        return { ...planned, events: parts.stored };
      });
      await this.vault.put(rows);
      return result;
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

  private async restore(events: StoredEvent[], known: ReadonlyMap<string, Record<string, unknown>> = NOTHING): Promise<StoredEvent[]> {
    const personal = events.filter((e) => needsPersonalData(e.type, e.data) && !known.has(e.id));
    const found = personal.length > 0 ? await this.vaultRows(personal) : NOTHING;
    return events.map((event) => restoreFrom(event, known.get(event.id) ?? found.get(event.id) ?? null));
  }

  /**
   * The vault's rows of these events. Every personal event has one from before its append, except after
   * a locked retry (written right after) or an erasure (deleted): a row missing for a person who was not
   * erased is on its way, and is waited for (briefly: a process that died before writing it leaves the
   * placeholders).
   */
  private async vaultRows(events: readonly StoredEvent[]): Promise<Map<string, Record<string, unknown>>> {
    const found = await this.vault.get(events.map((e) => e.id));
    let missing = events.filter((e) => !found.has(e.id));
    if (missing.length === 0) return found;
    const erased = await this.vault.erasedAmong([...new Set(missing.map((e) => personalSubjectOf(e.type, e.data) ?? ''))]);
    missing = missing.filter((e) => !erased.has(personalSubjectOf(e.type, e.data) ?? ''));
    for (const deadline = Date.now() + ROW_IN_FLIGHT_MS; missing.length > 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, ROW_POLL_MS));
      for (const [id, values] of await this.vault.get(missing.map((e) => e.id))) found.set(id, values);
      missing = missing.filter((e) => !found.has(e.id));
    }
    if (missing.length > 0) this.logger.warn(`personal fields of ${missing.length} events not in the vault: shown as erased`);
    return found;
  }
}

function restoreFrom(event: StoredEvent, values: Record<string, unknown> | null): StoredEvent {
  if (!needsPersonalData(event.type, event.data)) return event;
  return { ...event, data: restorePersonalData(event.type, event.data, values) };
}

const NOTHING: ReadonlyMap<string, Record<string, unknown>> = new Map();
const JUST_APPENDED_MAX = 10_000;
/** How long a read waits for a vault row that is on its way, and how often it looks. */
const ROW_IN_FLIGHT_MS = 3_000;
const ROW_POLL_MS = 20;

function split(events: readonly EventToAppend[]): { stored: EventToAppend[]; rows: VaultRow[] } {
  const rows: VaultRow[] = [];
  const stored = events.map((event) => {
    const { stored: data, personal } = splitPersonalData(event.type, event.data);
    if (personal) rows.push({ eventId: event.id, userId: personal.subjectId, values: personal.values });
    return data === event.data ? event : { ...event, data };
  });
  return { stored, rows };
}
