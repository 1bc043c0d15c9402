/**
 * The one codec between an event and its stored form `{id, type, data, metadata}`. A store has no
 * column for the schema version, so the version travels in the stored metadata (docs/decisions/foundation.md,
 * "Schema version of stored events"). Decoding upcasts to the current version. Plain objects only:
 * the store adapters, the read projections, the replay tools and the web all go through here.
 */
import type { EventMetadata } from './envelope';
import { CURRENT_VERSION, type EventType, type QuizShowEvent } from './index';
import { upcast } from './upcasters';

/** An event as a store keeps it. */
export interface EncodedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/**
 * Anything read back: a store row (version in the metadata) or an engine event as the recordings
 * hold it (version beside the type). Other fields (position, stream, revision) are ignored.
 */
export interface EventToDecode {
  readonly type: string;
  readonly version?: unknown;
  readonly data: unknown;
  readonly metadata?: unknown;
}

export function isProductEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(CURRENT_VERSION, type);
}

export function encodeEvent(event: QuizShowEvent): EncodedEvent {
  return {
    id: event.metadata.eventId,
    type: event.type,
    data: event.data,
    metadata: { ...event.metadata, version: event.version },
  };
}

/** The event in its current version; throws UnknownEventError for a type or version the product does not know. */
export function decodeEvent(stored: EventToDecode): QuizShowEvent {
  const stamped =
    typeof stored.metadata === 'object' && stored.metadata !== null ? (stored.metadata as Record<string, unknown>) : {};
  const { version: storedVersion, ...metadata } = stamped;
  const version =
    typeof stored.version === 'number' ? stored.version : typeof storedVersion === 'number' ? storedVersion : undefined;
  return upcast({ type: stored.type, version, data: stored.data, metadata: metadata as unknown as EventMetadata });
}
