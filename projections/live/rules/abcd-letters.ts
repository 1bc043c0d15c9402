/** How many letters (A, B, C ...) an ABCD question offers. */
import type { Question } from '../../../events';

export const ABCD_DEFAULT_OPTIONS = 4;
export const ABCD_MAX_OPTIONS = 26;

/** The parts of a question (stored, or as the global view shows it) that say how many ABCD letters it has. */
export type AbcdQuestionParts = Pick<Question, 'options' | 'extraInfo'>;

/** The number of ABCD letters of a question: extraInfo.optionNum, else its options, else 4; at most 26. */
export function abcdLetterCount(question: AbcdQuestionParts): number {
  const fromInfo = Number(question.extraInfo.optionNum);
  const count =
    Number.isInteger(fromInfo) && fromInfo > 0
      ? fromInfo
      : question.options.length > 0
        ? question.options.length
        : ABCD_DEFAULT_OPTIONS;
  return Math.min(count, ABCD_MAX_OPTIONS);
}

export function abcdLetters(question: AbcdQuestionParts): string[] {
  return Array.from({ length: abcdLetterCount(question) }, (_, i) => String.fromCharCode(65 + i));
}
