/** The ship round's answer format: "Lager: L15" on line 1, "Plündern: M14" on line 2. */
import { texts } from './texts';

const LAGER_LINE = /^Lager: ([A-Za-z]\d+)$/;
const PLUENDERN_LINE = /^Plündern: ([A-Za-z]\d+)$/;

export const SHIP_ANSWER_TEMPLATE = 'Lager: \nPlündern: ';

export interface ShipAnswer {
  lager: string;
  pluendern: string;
}

function linesOf(message: string): string[] {
  return message.split(/\r?\n/).map((line) => line.trimEnd());
}

/** null when the answer follows the format, else the spec's German text for the first problem. */
export function shipAnswerProblem(message: string): string | null {
  if (message.trim() === '') return texts.answerEmpty;
  const lines = linesOf(message.trim());
  if (lines.length < 2) return texts.shipNeedsTwoLines;
  if (!LAGER_LINE.test(lines[0])) return texts.shipFirstLine(lines[0]);
  if (!PLUENDERN_LINE.test(lines[1])) return texts.shipSecondLine(lines[1]);
  return null;
}

export function parseShipAnswer(message: string): ShipAnswer | null {
  if (shipAnswerProblem(message) !== null) return null;
  const [first, second] = linesOf(message.trim());
  return { lager: LAGER_LINE.exec(first)![1].toUpperCase(), pluendern: PLUENDERN_LINE.exec(second)![1].toUpperCase() };
}
