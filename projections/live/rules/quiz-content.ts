/**
 * Turning what a moderator typed or imported into stored questions: one rule for the server, which
 * stores them, and the config page, which previews them and checks before saving. Each side says the
 * problem in its own texts.
 */
import { QUESTION_TYPES, type Question, type QuestionType } from '../../../events';
import { numberOf, textOf, wholeNumberOf } from './field-readers';
import { ABCD_MAX_OPTIONS } from './abcd-letters';
import { isQuestionPosition } from './question-positions';
import { UNSET_QUESTION_POINTS } from './question-values';

/** A question as typed or imported (the spec's field names; numbers may come as text). */
export interface QuestionInput {
  type?: string;
  round?: number | string;
  number?: number | string;
  category?: string;
  question?: string;
  answer?: string;
  points?: number | string | null;
  options?: string[];
  extra_info?: string | Record<string, unknown> | null;
  extraInfo?: Record<string, unknown> | null;
}

/** unreadable: not a list, or extra info that is not a JSON object; invalid: a question the quiz cannot hold. */
export type ContentProblem = 'unreadable' | 'invalid';

export type ContentResult = { ok: true; content: Question[] } | { ok: false; problem: ContentProblem };

function isQuestionType(value: string): value is QuestionType {
  return (QUESTION_TYPES as readonly string[]).includes(value);
}

function extraInfoOf(input: QuestionInput): Record<string, unknown> | null {
  const raw = input.extraInfo ?? input.extra_info;
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'object' && !Array.isArray(raw)) return { ...raw };
  if (typeof raw !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** ABCD questions have at most 26 letters, whether counted from options or from optionNum. */
function exceedsAbcdLetters(q: Question): boolean {
  const optionNum = numberOf(q.extraInfo.optionNum);
  return q.options.length > ABCD_MAX_OPTIONS || (optionNum !== null && optionNum > ABCD_MAX_OPTIONS);
}

/** A known type (default normal), round and number from 1, readable extra info, at most 26 ABCD letters. */
export function normalizeQuestion(input: QuestionInput): Question | ContentProblem {
  if (typeof input !== 'object' || input === null) return 'invalid';
  const type = textOf(input.type || 'normal');
  const round = wholeNumberOf(input.round);
  const number = wholeNumberOf(input.number);
  if (!isQuestionType(type) || round === null || number === null || !isQuestionPosition(round, number))
    return 'invalid';
  const extraInfo = extraInfoOf(input);
  if (extraInfo === null) return 'unreadable';
  const options = Array.isArray(input.options) ? input.options.map(textOf) : [];
  const points = numberOf(input.points) ?? UNSET_QUESTION_POINTS;
  const question: Question = {
    type,
    round,
    number,
    category: textOf(input.category),
    question: textOf(input.question),
    answer: textOf(input.answer),
    points,
    options,
    extraInfo,
  };
  return type === 'abcd' && exceedsAbcdLetters(question) ? 'invalid' : question;
}

/** Content as a list or as JSON text (the config table edits it as text): every question readable, no position twice; sorted. */
export function normalizeContent(content: unknown): ContentResult {
  let list = content;
  if (typeof content === 'string') {
    try {
      list = JSON.parse(content);
    } catch {
      return { ok: false, problem: 'unreadable' };
    }
  }
  if (!Array.isArray(list)) return { ok: false, problem: 'unreadable' };
  const questions: Question[] = [];
  const seen = new Set<string>();
  for (const input of list as QuestionInput[]) {
    const q = normalizeQuestion(input);
    if (typeof q === 'string') return { ok: false, problem: q };
    const position = `${q.round}.${q.number}`;
    if (seen.has(position)) return { ok: false, problem: 'invalid' };
    seen.add(position);
    questions.push(q);
  }
  questions.sort((a, b) => a.round - b.round || a.number - b.number);
  return { ok: true, content: questions };
}

function entriesOf(value: unknown): [number, unknown][] {
  if (Array.isArray(value)) return value.map((v, i) => [i + 1, v]);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) =>
      wholeNumberOf(k) === null ? [] : [[Number(k), v] as [number, unknown]],
    );
  }
  return [];
}

/**
 * Imported TOML is organised as rounds containing numbered questions: `[1.2]` (round 1, question 2)
 * parses to {"1": {"2": {...}}}; arrays of tables count from 1.
 */
export function questionsFromRounds(rounds: unknown): QuestionInput[] {
  const questions: QuestionInput[] = [];
  for (const [round, numbered] of entriesOf(rounds)) {
    for (const [number, q] of entriesOf(numbered)) {
      if (typeof q === 'object' && q !== null) questions.push({ ...(q as QuestionInput), round, number });
    }
  }
  return questions;
}

export type QuizTitleProblem = 'nameMissing' | 'yearWeekMissing';

/** A quiz needs a name and a year_week (both trimmed). */
export function quizTitleProblemOf(name: string, yearWeek: string): QuizTitleProblem | null {
  if (name.trim() === '') return 'nameMissing';
  if (yearWeek.trim() === '') return 'yearWeekMissing';
  return null;
}
