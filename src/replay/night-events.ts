import { checkExportStart, nightExportHeader, tooNew } from '../../events/night-export';
import type { EventStore, StoredEvent } from '../store/event-store';

const PAGE = 5000;

/** Every event of the log in global order, page by page. */
export async function* allEvents(store: EventStore): AsyncGenerator<StoredEvent> {
  let after = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE });
    const last = page.at(-1);
    if (last === undefined) return;
    yield* page;
    after = last.position;
  }
}

/**
 * A night and what it depends on: every event from the start of the log until the night ends (the
 * next night starts, or a reset ends it), leaving out the streams of other nights; after its end only
 * its own stream's late events (ratings) follow. Folding these gives the night's views as they were.
 */
export async function nightWithDependencies(store: EventStore, nightId: string): Promise<StoredEvent[] | null> {
  const stream = `night-${nightId}`;
  const own = await store.readStream(stream, { fromRevision: 0 });
  if (own.length === 0) return null;
  const events: StoredEvent[] = [];
  let started = false;
  let ended = false;
  for await (const event of allEvents(store)) {
    const isOwn = event.streamId === stream;
    if (isOwn && event.type === 'NightStarted') started = true;
    if (event.streamId.startsWith('night-') && !isOwn) {
      if (started && event.type === 'NightStarted') ended = true;
      continue;
    }
    if (ended && !isOwn) continue;
    events.push(event);
    if (
      started &&
      event.type === 'LiveStateReset' &&
      (event.data as { endedNightId?: string | null }).endedNightId === nightId
    )
      ended = true;
  }
  return events;
}

/** The export of a night: the header line, then one stored event per line (docs/protocol.md, "Night export"). */
export function toNightExport(events: readonly StoredEvent[], exportedAt: Date): string {
  return [nightExportHeader(exportedAt.toISOString()), ...events].map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/** A file this code refuses to read, with the operator's German message. */
export class NightExportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NightExportRefused';
  }
}

export interface NightExport {
  /** 0: an export without a header (0.10 and older). */
  readonly formatVersion: number;
  readonly events: StoredEvent[];
}

/** Reads an export (with or without its header); throws NightExportRefused for what this code cannot read. */
export function readNightExport(text: string): NightExport {
  const lines = text
    .split('\n')
    .map((raw, index) => ({ number: index + 1, raw }))
    .filter((line) => line.raw.trim() !== '');
  const parsed = lines.map((line) => ({ number: line.number, value: parseLine(line.raw, line.number) }));
  const [first] = parsed;
  if (first === undefined) return { formatVersion: 0, events: [] };
  const start = checkExportStart(first.value);
  if (!start.ok) throw new NightExportRefused(start.message);
  const body = start.header ? parsed.slice(1) : parsed;
  const read = body.map(({ number, value }) => ({ number, event: storedEvent(value, number) }));
  const events = read.map(({ event }) => event);
  const unknown = read.flatMap(({ number, event }) => {
    const problem = tooNew(event.type, storedVersion(event));
    return problem ? [`Zeile ${number}: ${problem}`] : [];
  });
  if (unknown.length > 0) {
    throw new NightExportRefused(
      `Die Datei enthält Events, die dieser Stand nicht kennt: ${unknown.slice(0, 5).join('; ')}${unknown.length > 5 ? ` und ${unknown.length - 5} weitere` : ''}.`,
    );
  }
  return { formatVersion: start.formatVersion, events };
}

function parseLine(raw: string, number: number): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new NightExportRefused(`Zeile ${number} ist kein JSON.`);
  }
}

function storedEvent(value: unknown, number: number): StoredEvent {
  const event = value as StoredEvent;
  if (
    typeof event !== 'object' ||
    event === null ||
    typeof event.type !== 'string' ||
    typeof event.streamId !== 'string' ||
    typeof event.id !== 'string'
  ) {
    throw new NightExportRefused(`Zeile ${number} ist kein gespeichertes Event.`);
  }
  return event;
}

/** A store keeps the version in the metadata (events/codec.ts); none means version 1. */
function storedVersion(event: StoredEvent): number {
  const version = (event.metadata as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' ? version : 1;
}
