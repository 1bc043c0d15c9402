import { CURRENT_VERSION, type EventMetadata, type QuizShowEvent } from '../../events';
import { upcast } from '../../events/upcasters';
import type { LoggedEvent } from './sql';

/** A product event with its place in the log. */
export interface PositionedEvent {
  position: number;
  event: QuizShowEvent;
}

function isProductEvent(type: string): boolean {
  return Object.prototype.hasOwnProperty.call(CURRENT_VERSION, type);
}

/**
 * Brings a stored event up to its current version. Events of other types (another tool's streams,
 * benchmarks) concern no read model and are left out; a product event that cannot be upcast throws.
 */
export function decodeLoggedEvent(logged: LoggedEvent): PositionedEvent | null {
  if (!isProductEvent(logged.type)) return null;
  // The schema version travels in the stored metadata (docs/decisions.md, "Schema version of stored events").
  const { version, ...metadata } = logged.metadata as unknown as EventMetadata & { version?: number };
  const event = upcast({ type: logged.type, version, data: logged.data, metadata });
  return { position: logged.position, event };
}

export function recordedAt(event: QuizShowEvent): Date {
  return new Date(event.metadata.recordedAt);
}
