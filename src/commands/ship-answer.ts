/** The ship round's answer format (projections/live/ship-answer.ts) in the spec's German texts. */
import { shipAnswerProblemOf } from '../../projections/live';
import { texts } from './texts';

export { parseShipAnswer, SHIP_ANSWER_TEMPLATE, type ShipAnswer } from '../../projections/live';

/** null when the answer follows the format, else the spec's German text for the first problem. */
export function shipAnswerProblem(message: string): string | null {
  const problem = shipAnswerProblemOf(message);
  switch (problem?.kind) {
    case undefined:
      return null;
    case 'empty':
      return texts.answerEmpty;
    case 'twoLines':
      return texts.shipNeedsTwoLines;
    case 'line1':
      return texts.shipFirstLine(problem.was);
    case 'line2':
      return texts.shipSecondLine(problem.was);
  }
}
