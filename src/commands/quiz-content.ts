/** The quiz-content rule (projections/live/rules/quiz-content.ts) with the server's texts. */
import { normalizeContent as normalizeContentRule, type ContentProblem } from '../../projections/live';
import type { ContentResult } from './commands';
import { texts } from './texts';

export { questionsFromRounds } from '../../projections/live';

const CONTENT_TEXTS: Record<ContentProblem, string> = { unreadable: texts.contentUnreadable, invalid: texts.quizSaveFailed };

/** Content as a list or as JSON text (the config table edits it as text). */
export function normalizeContent(content: unknown): ContentResult {
  const result = normalizeContentRule(content);
  return result.ok ? result : { ok: false, message: CONTENT_TEXTS[result.problem] };
}
