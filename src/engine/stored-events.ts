import type { EventMetadata, QuizShowEvent } from '../../events';
import { upcast } from '../../events/upcasters';
import type { EventToAppend, StoredEvent } from '../store/event-store';

/**
 * The envelope on the way into and out of the store. The store has no column for the schema
 * version, so it travels in the stored metadata (docs/decisions.md, "Schema version of stored events").
 */
export function toStored(event: QuizShowEvent): EventToAppend {
  return { id: event.metadata.eventId, type: event.type, data: event.data, metadata: { ...event.metadata, version: event.version } };
}

export function fromStored(stored: StoredEvent): QuizShowEvent {
  const { version, ...metadata } = stored.metadata as unknown as EventMetadata & { version?: number };
  return upcast({ type: stored.type, version, data: stored.data, metadata });
}
