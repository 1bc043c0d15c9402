/** Drawn answers (zeichnen): the strokes of a player's drawing, kept so that a reopened drawing shows them. */
import { streams } from '../../events';
import type { LiveState } from '../../projections/live';
import { readDrawing } from '../../projections/live/rules/drawing';
import type { SaveDrawing } from './commands';
import { accept, draft, isRejection, reject, type DecisionContext, type Verdict } from './decision';
import { NIGHTS, SHOW, own, type Entries } from './entry';
import { requireUser } from './guards';
import { questionInPlay } from './night';
import { texts } from './texts';

/** gz: only while a zeichnen question is open; each save replaces the player's drawing of that question. */
export function saveDrawing(state: LiveState, cmd: SaveDrawing, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const open = questionInPlay(state);
  if (!open) return reject(texts.noQuestionOpen, 'precondition');
  const { night, question } = open;
  if (question.type !== 'zeichnen') return reject(texts.notADrawingQuestion, 'precondition');
  return accept(streams.night(night.id), draft('DrawingSaved', {
    userId: user.id, round: question.round, number: question.number, strokes: cmd.strokes,
  }));
}

export const drawingEntries = {
  SaveDrawing: {
    wire: 'gz', content: { strokes: 'array' }, access: 'user',
    parse: (c) => {
      const read = readDrawing(c.strokes);
      if (!read.ok) return reject(read.problem === 'tooLarge' ? texts.drawingTooLarge : texts.drawingInvalid);
      return { type: 'SaveDrawing', strokes: read.strokes };
    },
    boundary: (_c, _s, actorId) => [SHOW, ...own(actorId), NIGHTS],
    rule: saveDrawing,
  },
} satisfies Entries;
