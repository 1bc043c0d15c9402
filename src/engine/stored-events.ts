import type { QuizShowEvent } from '../../events';
import { decodeEvent, encodeEvent } from '../../events/codec';
import type { EventToAppend, StoredEvent } from '../store/event-store';

/** The store port's rows and the engine's events, through the one codec (events/codec.ts). */
export function toStored(event: QuizShowEvent): EventToAppend {
  return encodeEvent(event);
}

export function fromStored(stored: StoredEvent): QuizShowEvent {
  return decodeEvent(stored);
}
