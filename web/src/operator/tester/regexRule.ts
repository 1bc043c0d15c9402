/**
 * The server's own regex rule for the checker's regex tool (compileAnswerRegex, re2js: linear time,
 * case-insensitive): the preview never shows matches for a pattern the server refuses, and no pattern
 * can hang the moderator's tab. A module of its own because re2js is 150 kB: the tool loads it when
 * it is shown (ModeratorTools.tsx), not with the checker's page.
 */
import { compileAnswerRegex } from '@live/rules/answer-regex';
import type { RegexCheck } from './logic';

export function compileRegex(source: string): RegexCheck {
  return compileAnswerRegex(source);
}
