/** The quiz-content rule (projections/live/rules/quiz-content.ts) with the server's texts. */
import type { Question } from '../../events';
import { normalizeContent as normalizeContentRule, type ContentProblem } from '../../projections/live';
import { SHARED_TEXTS } from '../../wire/shared-texts';

/** Quiz content as read at the edge: the normalized questions, or what is wrong with them. */
export type ContentResult = { ok: true; content: Question[] } | { ok: false; message: string };

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const QUIZ_CONTENT_COMMAND_TEXTS = {
  // from the spec, verbatim
  quizSaveFailed: SHARED_TEXTS.quizSaveFailed,
  contentUnreadable: SHARED_TEXTS.contentUnreadable,
} as const;

export { questionsFromRounds } from '../../projections/live';

const CONTENT_TEXTS: Record<ContentProblem, string> = {
  unreadable: QUIZ_CONTENT_COMMAND_TEXTS.contentUnreadable,
  invalid: QUIZ_CONTENT_COMMAND_TEXTS.quizSaveFailed,
};

/** Content as a list or as JSON text (the config table edits it as text). */
export function normalizeContent(content: unknown): ContentResult {
  const result = normalizeContentRule(content);
  return result.ok ? result : { ok: false, message: CONTENT_TEXTS[result.problem] };
}
