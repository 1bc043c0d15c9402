/**
 * The regular expressions of `trx` and the checker's regex tool: written in JavaScript syntax,
 * matched case-insensitively anywhere in an answer, in time linear in the answer (RE2 semantics,
 * re2js). A backtracking RegExp let one moderator's `(a|aa|aaa)+$` stall the server for 40 s.
 *
 * re2js is the one package the pure core may import (scripts/eslint-pure-core.mjs, this file only):
 * it is plain computation, no clock, randomness or I/O, so a match is a pure function of pattern and answer.
 */
import { RE2JS } from 're2js';
import { ANSWER_REGEX_MAX_LENGTH, type AnswerRegexProblem } from './answer-regex-texts';

// The limit and the refusals, without the matcher: the web app's texts import them and must not pull re2js into every screen.
export { ANSWER_REGEX_MAX_LENGTH, ANSWER_REGEX_TEXTS, type AnswerRegexProblem } from './answer-regex-texts';

/**
 * Compiled programs above this many instructions are refused: matching costs up to this factor per
 * character of the answers (`.{1000}x` reaches it in 8 characters).
 */
export const ANSWER_REGEX_MAX_PROGRAM = 1000;

export interface AnswerRegex {
  /** Whether the pattern occurs in the answer, ignoring case. */
  test(answer: string): boolean;
}

/**
 * The pattern as a matcher, or why not: empty; invalid (JavaScript refuses it); unsupported
 * (valid JavaScript that needs backtracking: backreferences, lookaround, repeats above 1000); too complex.
 */
export function compileAnswerRegex(
  source: string,
): { ok: true; regex: AnswerRegex } | { ok: false; problem: AnswerRegexProblem } {
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
