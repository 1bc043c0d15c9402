import type { EventStore, StoredEvent } from '../store/event-store';

const PAGE = 5000;

/** Every event of the log in global order, page by page. */
export async function* allEvents(store: EventStore): AsyncGenerator<StoredEvent> {
  let after = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE });
    if (page.length === 0) return;
    yield* page;
    after = page[page.length - 1]!.position;
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
    if (started && event.type === 'LiveStateReset' && (event.data as { endedNightId?: string | null }).endedNightId === nightId) ended = true;
  }
  return events;
}

export function toJsonLines(events: readonly StoredEvent[]): string {
  return events.map((e) => JSON.stringify(e)).join('\n') + (events.length > 0 ? '\n' : '');
}

export function fromJsonLines(text: string): StoredEvent[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const event = JSON.parse(line) as StoredEvent;
      if (typeof event.type !== 'string' || typeof event.streamId !== 'string' || typeof event.id !== 'string') {
        throw new Error(`line ${i + 1} is not a stored event`);
      }
      return event;
    });
}
