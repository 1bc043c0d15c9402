/**
 * The answer regex's limit and refusals (the rule: answer-regex.ts). Apart from the matcher so that
 * whoever only shows a refusal (the web app's texts) does not load re2js with it.
 */
import { FIELD_MAXIMA } from './field-limits';

/** Longer patterns are refused: a real night's come nowhere near, and 500 characters compile in under 10 ms. */
export const ANSWER_REGEX_MAX_LENGTH = FIELD_MAXIMA.answerRegex;

export const ANSWER_REGEX_TEXTS = {
  empty: 'regex darf nicht leer sein',
  invalid: 'Die Regex ist ungültig.',
  unsupported: 'Dieser reguläre Ausdruck wird nicht unterstützt (keine Rückverweise oder Lookarounds).',
  tooComplex: `Dieser reguläre Ausdruck ist zu lang oder zu aufwendig (höchstens ${ANSWER_REGEX_MAX_LENGTH} Zeichen).`,
} as const;

export type AnswerRegexProblem = keyof typeof ANSWER_REGEX_TEXTS;
