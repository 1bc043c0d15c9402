/**
 * The regular expressions of `trx` and the checker's regex tool: written in JavaScript syntax,
 * matched case-insensitively anywhere in an answer, in time linear in the answer (RE2 semantics,
 * re2js). A backtracking RegExp let one moderator's `(a|aa|aaa)+$` stall the server for 40 s.
 *
 * re2js is the one package the pure core may import (scripts/eslint-pure-core.mjs, this file only):
 * it is plain computation, no clock, randomness or I/O, so a match is a pure function of pattern and answer.
 */
import { RE2JS } from 're2js';
import { FIELD_MAXIMA } from './field-limits';

/** Longer patterns are refused: a real night's come nowhere near, and 500 characters compile in under 10 ms. */
export const ANSWER_REGEX_MAX_LENGTH = FIELD_MAXIMA.answerRegex;
/**
 * Compiled programs above this many instructions are refused: matching costs up to this factor per
 * character of the answers (`.{1000}x` reaches it in 8 characters).
 */
export const ANSWER_REGEX_MAX_PROGRAM = 1000;

export const ANSWER_REGEX_TEXTS = {
  empty: 'regex darf nicht leer sein',
  invalid: 'Die Regex ist ungültig.',
  unsupported: 'Dieser reguläre Ausdruck wird nicht unterstützt (keine Rückverweise oder Lookarounds).',
  tooComplex: `Dieser reguläre Ausdruck ist zu lang oder zu aufwendig (höchstens ${ANSWER_REGEX_MAX_LENGTH} Zeichen).`,
} as const;

export type AnswerRegexProblem = keyof typeof ANSWER_REGEX_TEXTS;

export interface AnswerRegex {
  /** Whether the pattern occurs in the answer, ignoring case. */
  test(answer: string): boolean;
}

/**
 * The pattern as a matcher, or why not: empty; invalid (JavaScript refuses it); unsupported
 * (valid JavaScript that needs backtracking: backreferences, lookaround, repeats above 1000); too complex.
 */
export function compileAnswerRegex(source: string): { ok: true; regex: AnswerRegex } | { ok: false; problem: AnswerRegexProblem } {
  if (source.trim() === '') return { ok: false, problem: 'empty' };
  if (source.length > ANSWER_REGEX_MAX_LENGTH) return { ok: false, problem: 'tooComplex' };
  try {
    // Only the syntax check: a RegExp costs nothing until it runs.
    new RegExp(source, 'i');
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source), RE2JS.CASE_INSENSITIVE);
  } catch {
    return { ok: false, problem: 'unsupported' };
  }
  if (compiled.programSize() > ANSWER_REGEX_MAX_PROGRAM) return { ok: false, problem: 'tooComplex' };
  return { ok: true, regex: { test: (answer) => compiled.test(answer) } };
}
