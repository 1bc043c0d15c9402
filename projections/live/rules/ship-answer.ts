/**
 * The ship round's answer format: "Lager: L15" on line 1, "Plündern: M14" on line 2. One rule for
 * the server, which decides, and the web app, which checks before sending; each says it in its texts.
 */
import { ANSWER_EMPTY_TEXT } from './play-rules';

const LAGER_LINE = /^Lager: ([A-Za-z]\d+)$/;
const PLUENDERN_LINE = /^Plündern: ([A-Za-z]\d+)$/;

export const SHIP_ANSWER_TEMPLATE = 'Lager: \nPlündern: ';

export interface ShipAnswer {
  lager: string;
  pluendern: string;
}

/** The first rule an answer breaks; `was` is the offending line. */
export type ShipAnswerProblem =
  { kind: 'empty' } | { kind: 'twoLines' } | { kind: 'line1'; was: string } | { kind: 'line2'; was: string };

function linesOf(message: string): string[] {
  return message
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trimEnd());
}

/** The spec's German text for each problem (verbatim); the server rejects with it, the web shows it before sending. */
export const SHIP_ANSWER_TEXTS = {
  empty: ANSWER_EMPTY_TEXT,
  twoLines: 'Es müssen zwei Zeilen eingegeben werden.',
  line1: (was: string) =>
    `Die erste Zeile muss genau dem Format "Lager: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "${was}"`,
  line2: (was: string) =>
    `Die zweite Zeile muss genau dem Format "Plündern: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "${was}"`,
} as const;

/** null when the answer follows the format. */
export function shipAnswerProblemOf(message: string): ShipAnswerProblem | null {
  if (message.trim() === '') return { kind: 'empty' };
  const lines = linesOf(message);
  if (lines.length < 2) return { kind: 'twoLines' };
  if (!LAGER_LINE.test(lines[0])) return { kind: 'line1', was: lines[0] };
  if (!PLUENDERN_LINE.test(lines[1])) return { kind: 'line2', was: lines[1] };
  return null;
}

/** null when the answer follows the format, else the German text of the first problem. */
export function shipAnswerProblemText(message: string): string | null {
  const problem = shipAnswerProblemOf(message);
  switch (problem?.kind) {
    case undefined:
      return null;
    case 'empty':
    case 'twoLines':
      return SHIP_ANSWER_TEXTS[problem.kind];
    case 'line1':
    case 'line2':
      return SHIP_ANSWER_TEXTS[problem.kind](problem.was);
  }
}

export function parseShipAnswer(message: string): ShipAnswer | null {
  if (shipAnswerProblemOf(message) !== null) return null;
  const [first, second] = linesOf(message);
  const [, lager] = LAGER_LINE.exec(first) ?? [];
  const [, pluendern] = PLUENDERN_LINE.exec(second) ?? [];
  return lager !== undefined && pluendern !== undefined
    ? { lager: lager.toUpperCase(), pluendern: pluendern.toUpperCase() }
    : null;
}
