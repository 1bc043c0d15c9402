/** Quizzes as operators see them: content questions, the next-question rule, question values. */
import type { Question, QuestionType } from '../../../events';

/** The engine's rule (the same module the server uses): set points, else the category's leading bracketed number, else 1. */
export { questionValue } from '../../../projections/live/rules';

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

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
}

/** The engine's question types; the compiler keeps this list equal to `QuestionType` (no engine code in the bundle). */
const QUESTION_TYPE_SET: Record<QuestionType, true> = {
  normal: true, abcd: true, zeichnen: true, selfie: true, quizzle: true, schiffe: true, heal_deal: true, finale: true, instruction: true,
};

function isQuestionType(value: string): value is QuestionType {
  return Object.prototype.hasOwnProperty.call(QUESTION_TYPE_SET, value);
}

function extraInfoOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
}

/**
 * One question of a content list as typed, imported or stored; null when round or number is missing.
 * The server stores only known types (and rejects others on save); for the preview an unknown type reads as normal.
 */
export function toQuizQuestion(raw: unknown): Question | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const q = raw as Record<string, unknown>;
  const round = wholeNumber(q.round);
  const number = wholeNumber(q.number);
  if (round === null || number === null) return null;
  const points = typeof q.points === 'number' ? q.points : wholeNumber(q.points) ?? -1;
  const type = text(q.type);
  return {
    type: isQuestionType(type) ? type : 'normal',
    round,
    number,
    category: text(q.category),
    question: text(q.question),
    answer: text(q.answer),
    points,
    options: Array.isArray(q.options) ? q.options.map(text) : [],
    extraInfo: extraInfoOf(q.extraInfo ?? q.extra_info),
  };
}

export function toQuizContent(raw: unknown): Question[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(toQuizQuestion).filter((q): q is Question => q !== null);
}

/** The rounds of a content list, ascending. */
export function roundsOf(content: readonly Question[]): number[] {
  return [...new Set(content.map((q) => q.round))].sort((a, b) => a - b);
}

/** The question numbers of one round, ascending. */
export function numbersOfRound(content: readonly Question[], round: number): number[] {
  return content.filter((q) => q.round === round).map((q) => q.number).sort((a, b) => a - b);
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

/**
 * Imported TOML arrives as a content list, or as rounds that contain numbered questions
 * ({"1": {"2": {...}}} or arrays counting from 1); both become a content list.
 */
export function contentFromImport(reply: unknown): Question[] {
  if (Array.isArray(reply)) return toQuizContent(reply);
  if (typeof reply !== 'object' || reply === null) return [];
  const r = reply as Record<string, unknown>;
  if (Array.isArray(r.content)) return toQuizContent(r.content);
  const data = r.data as { attributes?: { content?: unknown } } | undefined;
  if (data?.attributes && Array.isArray(data.attributes.content)) return toQuizContent(data.attributes.content);
  const rounds = r.rounds ?? reply;
  const questions: Question[] = [];
  for (const [round, numbered] of numberedEntries(rounds)) {
    for (const [number, q] of numberedEntries(numbered)) {
      const question = toQuizQuestion(typeof q === 'object' && q !== null ? { ...q, round, number } : null);
      if (question) questions.push(question);
    }
  }
  return questions.sort((a, b) => a.round - b.round || a.number - b.number);
}

function numberedEntries(value: unknown): Array<[number, unknown]> {
  if (Array.isArray(value)) return value.map((v, i) => [i + 1, v]);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => (wholeNumber(k) === null ? [] : [[Number(k), v] as [number, unknown]]));
}

/** Name and year_week of an import preview, when the file had them. */
export function importedTitle(reply: unknown): { name: string; yearWeek: string } {
  const r = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<string, unknown>;
  return { name: text(r.name), yearWeek: text(r.yearWeek ?? r.year_week) };
}

export type ContentParse = { ok: true; content: unknown[] } | { ok: false };

/** The content JSON text of the config forms: a list, or unreadable ("konnte String nicht einlesen."). */
export function parseContentText(source: string): ContentParse {
  try {
    const value: unknown = JSON.parse(source);
    return Array.isArray(value) ? { ok: true, content: value } : { ok: false };
  } catch {
    return { ok: false };
  }
}

export type NewQuizProblem = 'nameMissing' | 'yearWeekMissing' | 'questionsMissing' | 'unreadable';

/** The new-quiz form's checks in the spec's order: name, year_week, at least one question. */
export function validateNewQuiz(form: { name: string; yearWeek: string; contentText: string }): NewQuizProblem | null {
  if (form.name.trim() === '') return 'nameMissing';
  if (form.yearWeek.trim() === '') return 'yearWeekMissing';
  if (form.contentText.trim() === '') return 'questionsMissing';
  const parsed = parseContentText(form.contentText);
  if (!parsed.ok) return 'unreadable';
  return parsed.content.length === 0 ? 'questionsMissing' : null;
}
