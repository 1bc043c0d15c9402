/** Pure rules of the checker: answers, filters, the wrapping offset, status colours, regex and team search. */

import type { Question, RegexMark } from '../../../../events';
import type { TesterAnswerView } from '@live';
import { nextQuestionPosition } from '@live/state/queries';
import { sortByGermanName } from '../../logic/german';
import type { AnswerRegex, compileAnswerRegex } from '@live/rules/answer-regex';
import { ANSWER_REGEX_TEXTS, type AnswerRegexProblem } from '@live/rules/answer-regex-texts';

/** An answer as the tester view and the `ta` reply carry it (the engine's type; `quizId` is not needed here). */
export type CheckerAnswer = Omit<TesterAnswerView, 'quizId'>;

export type AnswerStatus = 'red' | 'green' | 'orange' | 'yellow';

/** red: unchecked, not liked; green: checked, not liked; orange: unchecked, liked; yellow: checked, liked. */
export function answerStatus(answer: Pick<CheckerAnswer, 'checked' | 'liked'>): AnswerStatus {
  if (answer.liked) return answer.checked ? 'yellow' : 'orange';
  return answer.checked ? 'green' : 'red';
}

export interface CheckerFilter {
  round: number;
  question: number;
  onlyUnchecked: boolean;
}

/** The answers of one question in a stable order (by id), optionally only the unchecked ones. */
export function answersToCheck(answers: readonly CheckerAnswer[], filter: CheckerFilter): CheckerAnswer[] {
  return answers
    .filter((a) => a.round === filter.round && a.num === filter.question && (!filter.onlyUnchecked || !a.checked))
    .sort((a, b) => compareIds(a.id, b.id));
}

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : a.localeCompare(b);
}

export interface QuestionPosition {
  round: number;
  number: number;
}

/**
 * "Next question" with only unchecked answers: walks on from (round, number) by the next-question rule
 * (number + 1, else question 1 of the next round) to the first question that still has an unchecked
 * answer; null when none follows (the screen then says 'keine nächsten unkontollierten gefunden.').
 */
export function nextUncheckedPosition(
  content: readonly Question[],
  answers: readonly CheckerAnswer[],
  round: number,
  number: number,
): QuestionPosition | null {
  for (
    let next = nextQuestionPosition(content, round, number);
    next;
    next = nextQuestionPosition(content, next.round, next.number)
  ) {
    const at = next;
    if (answers.some((a) => a.round === at.round && a.num === at.number && !a.checked)) return at;
  }
  return null;
}

/** The offset wraps at both ends: -1 is the last answer, count is the first again. */
export function wrapOffset(offset: number, count: number): number {
  if (count <= 0) return 0;
  return ((offset % count) + count) % count;
}

/** The answer the checker shows: start offset plus offset, wrapped; null when nothing fits. */
export function currentAnswer(
  list: readonly CheckerAnswer[],
  startOffset: number,
  offset: number,
): CheckerAnswer | null {
  if (list.length === 0) return null;
  return list[wrapOffset(startOffset + offset, list.length)];
}

/** Where the checker stands: the offset and the offset before the last skip (for unskip). */
export interface OffsetState {
  offset: number;
  lastOffset: number | null;
}

/** Skip moves on and remembers where it was; unskip first returns there, else goes one back. */
export function skipOffset(state: OffsetState, direction: 'skip' | 'unskip'): OffsetState {
  if (direction === 'skip') return { offset: state.offset + 1, lastOffset: state.offset };
  return state.lastOffset !== null
    ? { offset: state.lastOffset, lastOffset: null }
    : { offset: state.offset - 1, lastOffset: null };
}

/** Runs a task only when none is in flight; a call while one runs is dropped (undefined). */
export function singleFlight(): <T>(task: () => Promise<T>) => Promise<T | undefined> {
  let busy = false;
  return async (task) => {
    if (busy) return undefined;
    busy = true;
    try {
      return await task();
    } finally {
      busy = false;
    }
  };
}

/** Points after a +/- change, never below 0. */
export function changedPoints(points: number, change: number): number {
  return Math.max(0, points + change);
}

/** Rating buttons 0 to 6; the keys 0-6 rate only when the page body has the focus. */
export const RATING_VALUES = [0, 1, 2, 3, 4, 5, 6] as const;

export function ratingKey(key: string, targetIsBody: boolean): number | null {
  if (!targetIsBody || !/^[0-6]$/.test(key)) return null;
  return Number(key);
}

/* ---------- regex tool ---------- */

export type { RegexMark };

export type RegexCheck = ReturnType<typeof compileAnswerRegex>;

/** Why a pattern is refused, in the server's words. */
export function regexProblemText(problem: AnswerRegexProblem): string {
  return ANSWER_REGEX_TEXTS[problem];
}

/** The answers of a question the regex would mark (the preview of `trx`). */
export function regexMatches(
  answers: readonly CheckerAnswer[],
  round: number,
  question: number,
  regex: AnswerRegex,
): CheckerAnswer[] {
  return answers.filter((a) => a.round === round && a.num === question && regex.test(a.answer));
}

/* ---------- team search ---------- */

/** Case-insensitive substring of the team name; '_' lists every team. */
export function searchTeams<T extends { name: string }>(teams: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const found = q === '_' ? [...teams] : teams.filter((team) => team.name.toLowerCase().includes(q));
  return sortByGermanName(found, (team) => team.name);
}

/** Each team's answers, for looking a team up without going through every answer. */
export function answersByTeam(answers: readonly CheckerAnswer[]): Map<string, CheckerAnswer[]> {
  const byTeam = new Map<string, CheckerAnswer[]>();
  for (const a of answers) {
    if (a.teamId === null) continue;
    const own = byTeam.get(a.teamId);
    if (own) own.push(a);
    else byTeam.set(a.teamId, [a]);
  }
  return byTeam;
}

/* ---------- round table ---------- */

export interface RoundTableRow {
  teamId: string;
  name: string;
  /** question number → answer */
  cells: Record<number, CheckerAnswer>;
}

/** Teams × questions of one round: one row per team that answered, sorted by name. */
export function roundTable(
  answers: readonly CheckerAnswer[],
  round: number,
  teamName: (answer: CheckerAnswer) => string,
): RoundTableRow[] {
  const rows = new Map<string, RoundTableRow>();
  for (const a of answers) {
    if (a.round !== round) continue;
    const key = a.teamId ?? `user:${a.userId ?? a.id}`;
    const row = rows.get(key) ?? { teamId: key, name: teamName(a), cells: {} };
    row.cells[a.num] = a;
    rows.set(key, row);
  }
  return sortByGermanName([...rows.values()], (row) => row.name);
}

/* ---------- debounce ---------- */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Skip and unskip are debounced (50 ms): calls within the window collapse into the last one. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  timers: Timers,
): ((...args: A) => void) & { cancel(): void } {
  let handle: unknown = null;
  const debounced = (...args: A) => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      handle = null;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return debounced;
}

export const SKIP_DEBOUNCE_MS = 50;
export const ROUND_COLUMN_WIDTH_PX = 384;
