import { randomUUID } from 'node:crypto';
import type { EventData, JSONType } from '@kurrent/kurrentdb-client';
import type { EventToAppend } from '../event-store';

/** An append as written to the fence before its events: the target stream, its head then, the events. */
export interface Intent {
  stream: string;
  head: number;
  events: EventToAppend[];
}

/** An intent as the fence stream's record: the events travel in it whole, so any process can store them (see the fence in the store). */
export function toIntentData(intent: Intent): EventData {
  return {
    id: randomUUID(),
    contentType: 'application/json',
    type: 'AppendIntent',
    data: intent as unknown as JSONType,
    metadata: undefined,
  };
}

/**
 * KurrentDB's own names for an event's correlation and causation (its `$by_correlation_id` projection
 * reads them): written beside ours, and dropped again on reading, so every store hands back the same metadata.
 */
const KURRENT_KEYS = { correlationId: '$correlationId', causationId: '$causationId' } as const;

/** An event as its stream's record: data once, metadata as given plus KurrentDB's `$correlationId` and `$causationId`. */
export function toEventData(event: EventToAppend): EventData {
  const metadata = event.metadata ? { ...event.metadata } : undefined;
  if (metadata) {
    for (const [ours, theirs] of Object.entries(KURRENT_KEYS))
      if (typeof metadata[ours] === 'string') metadata[theirs] = metadata[ours];
  }
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    // The client JSON-encodes data; undefined would encode to nothing, the SQL adapters store null.
    data: (event.data === undefined ? null : event.data) as JSONType,
    metadata: metadata as JSONType | undefined,
  };
}

/** A record's metadata as it was appended: KurrentDB's copies of the ids left out. */
export function metadataOf(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const metadata = { ...value };
  for (const [ours, theirs] of Object.entries(KURRENT_KEYS))
    if (metadata[theirs] === metadata[ours]) delete metadata[theirs];
  return metadata;
}

/** Whether a record's metadata is a JSON object (the client hands back bytes where it is not JSON). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
