/** Upper bound of event ids kept in memory for the idempotency check (least recently used streams go first). */
const MAX_KNOWN_IDS = 100_000;

export interface KnownEvent {
  revision: number;
  position?: number;
}

/** What this process knows of a stream: its events 0..revision, by lower-case id. */
export interface KnownStream {
  revision: number;
  events: Map<string, KnownEvent>;
}

/**
 * The event ids of the streams this process has read or appended, for the idempotency check before an
 * append (see the store's note on idempotency), bounded by MAX_KNOWN_IDS ids.
 */
export class KnownStreams {
  private readonly streams = new Map<string, KnownStream>();
  private knownIds = 0;

  constructor(private readonly maxIds = MAX_KNOWN_IDS) {}

  /** The stream's entry (new: revision -1), made the most recently used. */
  touch(streamId: string): KnownStream {
    let entry = this.streams.get(streamId);
    if (entry) this.streams.delete(streamId); // re-inserted below as most recently used
    entry ??= { revision: -1, events: new Map() };
    this.streams.set(streamId, entry);
    return entry;
  }

  /** Events just appended after the entry's head; nothing when the entry is not at the head they were appended on. */
  remember(streamId: string, events: { id: string }[], lastRevision: number, lastPosition: number | undefined): void {
    const entry = this.streams.get(streamId);
    if (!entry || entry.revision !== lastRevision - events.length) return;
    const first = lastRevision - events.length + 1;
    const appended = events.map((e, i) => ({
      id: e.id,
      revision: first + i,
      position: i === events.length - 1 ? lastPosition : undefined,
    }));
    this.add(streamId, entry, appended);
  }

  /** Adds events after the entry's revision; concurrent refreshes may overlap, so older ones are skipped. */
  add(streamId: string, entry: KnownStream, events: { id: string; revision: number; position?: number }[]): void {
    const counted = this.streams.get(streamId) === entry;
    for (const e of events) {
      if (e.revision <= entry.revision) continue;
      entry.events.set(e.id.toLowerCase(), { revision: e.revision, position: e.position });
      entry.revision = e.revision;
      if (counted) this.knownIds++;
    }
  }

  /** Forgets the least recently used streams but `keep` until at most the bound of ids is kept. */
  evict(keep: string): void {
    for (const [streamId, entry] of this.streams) {
      if (this.knownIds <= this.maxIds) return;
      if (streamId === keep) continue;
      this.streams.delete(streamId);
      this.knownIds -= entry.events.size;
    }
  }

  /** The $all position of a stream's event, where this process knows it. */
  position(streamId: string, revision: number): number | undefined {
    for (const e of this.streams.get(streamId)?.events.values() ?? [])
      if (e.revision === revision && e.position !== undefined) return e.position;
    return undefined;
  }
}
