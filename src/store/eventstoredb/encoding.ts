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
  return { id: randomUUID(), contentType: 'application/json', type: 'AppendIntent', data: intent as unknown as JSONType, metadata: undefined };
}

/** An event as its stream's record: data and metadata each once, as given. */
export function toEventData(event: EventToAppend): EventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    // The client JSON-encodes data; undefined would encode to nothing, the SQL adapters store null.
    data: (event.data === undefined ? null : event.data) as JSONType,
    metadata: event.metadata,
  };
}

/** Whether a record's metadata is a JSON object (the client hands back bytes where it is not JSON). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
