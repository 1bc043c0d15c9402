/** Schiffe (ship-sinking round): the two-line answer "Lager: L15" / "Plündern: M14". */

export const SCHIFFE_LINE1_PREFIX = 'Lager: ';
export const SCHIFFE_LINE2_PREFIX = 'Plündern: ';
export const SCHIFFE_DEFAULT_ANSWER = `${SCHIFFE_LINE1_PREFIX}\n${SCHIFFE_LINE2_PREFIX}`;

const LINE1 = /^Lager: [A-Za-zÄÖÜäöü]\d+$/;
const LINE2 = /^Plündern: [A-Za-zÄÖÜäöü]\d+$/;

export type SchiffeError =
  | { kind: 'empty' }
  | { kind: 'twoLines' }
  | { kind: 'line1'; was: string }
  | { kind: 'line2'; was: string };

/** Returns null when the answer is valid, otherwise the first rule it breaks. */
export function validateSchiffe(answer: string): SchiffeError | null {
  const text = answer.replace(/\r\n/g, '\n');
  if (text.trim() === '') return { kind: 'empty' };
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return { kind: 'twoLines' };
  const [first, second] = [lines[0].trim(), lines[1].trim()];
  if (!LINE1.test(first)) return { kind: 'line1', was: first };
  if (!LINE2.test(second)) return { kind: 'line2', was: second };
  return null;
}
