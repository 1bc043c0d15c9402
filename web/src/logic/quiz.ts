/** Quizzes as operators see them: content questions, question values, the quiz form's checks (the engine's rules). */
import type { Question } from '../../../events';
import {
  normalizeContent,
  quizTitleProblemOf,
  type ContentProblem,
  type QuizTitleProblem,
} from '@live/rules/quiz-content';

/** The engine's rule (the same module the server uses): set points, else the category's leading bracketed number, else 1. */
export { questionValue } from '@live/rules/question-values';

/** A quiz as GET /api/quizzes sends it; its content is the engine's stored questions. */
export interface Quiz {
  id: string;
  name: string;
  yearWeek: string;
  content: Question[];
}

/** A whole number typed into an input, or the fallback. */
export function wholeNumberOr(value: string, fallback: number): number {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) ? n : fallback;
}

/** The rounds of a content list, ascending. */
export function roundsOf(content: readonly Question[]): number[] {
  return [...new Set(content.map((q) => q.round))].sort((a, b) => a - b);
}

/** The question numbers of one round, ascending. */
export function numbersOfRound(content: readonly Question[], round: number): number[] {
  return content
    .filter((q) => q.round === round)
    .map((q) => q.number)
    .sort((a, b) => a - b);
}

/** Sort quizzes by id, highest first (numeric ids numerically). */
export function sortQuizzesByIdDesc<T extends { id: string }>(quizzes: readonly T[]): T[] {
  return [...quizzes].sort((a, b) => {
    const na = Number(a.id);
    const nb = Number(b.id);
    if (Number.isFinite(na) && Number.isFinite(nb)) return nb - na;
    return b.id.localeCompare(a.id);
  });
}

export type NewQuizProblem = QuizTitleProblem | ContentProblem | 'questionsMissing';

export type NewQuizCheck = { ok: true; content: Question[] } | { ok: false; problem: NewQuizProblem };

/**
 * A quiz form by the engine's rules, in the server's order: name, year_week, content readable (the
 * questions it would store), at least one question. Empty content text is no questions.
 */
export function checkQuizForm(form: { name: string; yearWeek: string; contentText: string }): NewQuizCheck {
  const title = quizTitleProblemOf(form.name, form.yearWeek);
  if (title) return { ok: false, problem: title };
  if (form.contentText.trim() === '') return { ok: false, problem: 'questionsMissing' };
  const content = normalizeContent(form.contentText);
  if (!content.ok) return content;
  return content.content.length === 0 ? { ok: false, problem: 'questionsMissing' } : content;
}
