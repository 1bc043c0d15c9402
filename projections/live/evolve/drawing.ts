import type { DrawingEvent } from '../../../events';
import type { LiveState } from '../state/state';
import type { Changes, Writer } from './writer';

/** A saved drawing belongs to the question open when it was saved (the live question's sequence number). */
export function evolveDrawing(state: LiveState, event: DrawingEvent, write: Writer): Changes {
  const { userId, strokes } = event.data;
  return { users: write.update(state.users, userId, (u) => ({ ...u, drawing: { seq: state.questionSeq, strokes } })) };
}
