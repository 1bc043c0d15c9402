/** Drawn answers (zeichnen): the strokes of a player's drawing, kept so that a reopened drawing shows them. */
import { streams, type DrawnStroke } from '../../events';
import type { LiveState } from '../../projections/live';
import { readDrawing } from '../../projections/live/rules/drawing';
import { accept, draft, isRejection, reject, type DecisionContext, type Verdict } from './decision';
import { NIGHTS, SHOW, own, type Entries } from './entry';
import { requireUser } from './guards';
import { questionInPlay } from './night';
import { texts } from './texts';
import { DRAWING_MAX_POINTS } from '../../projections/live/rules/drawing';

/** gz: the player's drawing of the open zeichnen question, strokes in the stored space (720x360). */
export interface SaveDrawing {
  type: 'SaveDrawing';
  strokes: DrawnStroke[];
}
/** The commands of this file, as their rules receive them: drawingEntries holds one entry for each. */
export type DrawingCommand = SaveDrawing;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const DRAWING_COMMAND_TEXTS = {
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  notADrawingQuestion: 'Die aktuelle Frage ist keine Zeichenfrage.',
  drawingInvalid: 'Die Zeichnung konnte nicht gelesen werden.',
  drawingTooLarge: `Die Zeichnung ist zu groß (höchstens ${DRAWING_MAX_POINTS} Punkte). Sie wurde nicht gespeichert.`,
} as const;

/** gz: only while a zeichnen question is open; each save replaces the player's drawing of that question. */
export function saveDrawing(state: LiveState, cmd: SaveDrawing, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const open = questionInPlay(state);
  if (!open) return reject(texts.noQuestionOpen, 'precondition');
  const { night, question } = open;
  if (question.type !== 'zeichnen') return reject(DRAWING_COMMAND_TEXTS.notADrawingQuestion, 'precondition');
  return accept(
    streams.night(night.id),
    draft('DrawingSaved', {
      userId: user.id,
      round: question.round,
      number: question.number,
      strokes: cmd.strokes,
    }),
  );
}

export const drawingEntries = {
  SaveDrawing: {
    wire: 'gz',
    content: { strokes: 'array' },
    access: 'user',
    parse: (c) => {
      const read = readDrawing(c.strokes);
      if (!read.ok)
        return reject(
          read.problem === 'tooLarge' ? DRAWING_COMMAND_TEXTS.drawingTooLarge : DRAWING_COMMAND_TEXTS.drawingInvalid,
        );
      return { type: 'SaveDrawing', strokes: read.strokes };
    },
    boundary: (_c, _s, actorId) => [SHOW, ...own(actorId), NIGHTS],
    rule: saveDrawing,
  },
} satisfies Entries<DrawingCommand>;
