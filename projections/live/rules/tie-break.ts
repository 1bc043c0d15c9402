import { germanNumber } from './field-limits';
/** The tie-break question's title while the moderator has not named it. */
export const DEFAULT_TIE_BREAK_TITLE = 'Seitenstechen';

/** The most characters of a tie-break question's correct value. */
export const TIE_BREAK_SOLUTION_MAX_LENGTH = 1_000;

export const TIE_BREAK_TEXTS = {
  solutionMissing: 'Bitte den richtigen Wert des Stechens angeben: Der Kontrolleur prüft die Antworten daran.',
  solutionTooLong: `Der richtige Wert des Stechens darf höchstens ${germanNumber(TIE_BREAK_SOLUTION_MAX_LENGTH)} Zeichen lang sein.`,
} as const;

/**
 * aas: the tie-break's correct value is required (a question without one made the checker compare with
 * an empty answer) and bounded. Questions added before keep their empty answer.
 */
export function tieBreakSolutionProblem(solution: string): string | null {
  if (solution === '') return TIE_BREAK_TEXTS.solutionMissing;
  return solution.length > TIE_BREAK_SOLUTION_MAX_LENGTH ? TIE_BREAK_TEXTS.solutionTooLong : null;
}
