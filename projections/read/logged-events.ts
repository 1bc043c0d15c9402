import type { QuizShowEvent } from '../../events';
import { decodeEvent, isProductEventType } from '../../events/codec';
import type { LoggedEvent } from './sql';

/** A product event with its place in the log. */
export interface PositionedEvent {
  position: number;
  event: QuizShowEvent;
}

/**
 * Brings a stored event up to its current version. Events of other types (another tool's streams,
 * benchmarks) concern no read model and are left out; a product event that cannot be upcast throws.
 */
export function decodeLoggedEvent(logged: LoggedEvent): PositionedEvent | null {
  if (!isProductEventType(logged.type)) return null;
  return { position: logged.position, event: decodeEvent(logged) };
}

export function recordedAt(event: QuizShowEvent): Date {
  return new Date(event.metadata.recordedAt);
}
