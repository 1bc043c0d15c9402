/**
 * The results of a quiz as the moderator reads them after the night: how an answer was rated, and the
 * statistics per question (teams that answered, share rated right, average points). One rule for the
 * stats.csv export and the moderator's points page (docs/decisions/results-exports.md).
 */
import type { Question } from '../../../events';
import { locksInAnswers } from './lock-in';

/** How an answer stands after the checking: not yet checked, or checked with points (right) or without (wrong). */
export type AnswerRating = 'richtig' | 'falsch' | 'ungeprüft';

/** What the rating and the statistics read of a locked-in answer. */
export interface RatedAnswer {
  readonly round: number;
  readonly num: number;
  readonly points: number;
  readonly checked: boolean;
}

/** An answer is rated right when a tester checked it and it has points; checked without points is wrong. */
export function answerRating(answer: { readonly checked: boolean; readonly points: number }): AnswerRating {
  if (!answer.checked) return 'ungeprüft';
  return answer.points > 0 ? 'richtig' : 'falsch';
}

/** One question's figures; the share and the average are null while nobody answered it. */
export interface QuestionStats {
  readonly round: number;
  readonly num: number;
  /** Locked-in answers: one per team (single mode: per player) that answered. */
  readonly answered: number;
  /** Of those, how many were rated right. */
  readonly right: number;
  /** right / answered, from 0 to 1. */
  readonly shareRight: number | null;
  /** The answers' points summed, divided by `answered`. */
  readonly averagePoints: number | null;
}

function byPosition(a: { round: number; num: number }, b: { round: number; num: number }): number {
  return a.round - b.round || a.num - b.num;
}

/**
 * The statistics of every question, in quiz order: each question of the quiz's content that takes
 * answers (locksInAnswers: so a question nobody answered shows 0) and each question that has answers. Every locked-in answer counts, as it
 * does in the points table: a team has one per question and night.
 */
export function questionStats(
  answers: Iterable<RatedAnswer>,
  questions: Iterable<Pick<Question, 'round' | 'number' | 'type'>> = [],
): QuestionStats[] {
  const perQuestion = new Map<
    string,
    { round: number; num: number; answered: number; right: number; points: number }
  >();
  const entry = (round: number, num: number) => {
    const key = `${round}.${num}`;
    let found = perQuestion.get(key);
    if (!found) perQuestion.set(key, (found = { round, num, answered: 0, right: 0, points: 0 }));
    return found;
  };
  for (const q of questions) if (locksInAnswers(q.type)) entry(q.round, q.number);
  for (const answer of answers) {
    const question = entry(answer.round, answer.num);
    question.answered += 1;
    question.points += answer.points;
    if (answerRating(answer) === 'richtig') question.right += 1;
  }
  return [...perQuestion.values()].sort(byPosition).map(({ round, num, answered, right, points }) => ({
    round,
    num,
    answered,
    right,
    shareRight: answered === 0 ? null : right / answered,
    averagePoints: answered === 0 ? null : points / answered,
  }));
}

/** Decimal places of a figure in the results (averages, shares in percent). */
export const RESULT_DECIMALS = 2;

/**
 * A figure as German spreadsheets and readers expect it: at most two decimal places, a decimal
 * comma, no thousands separator, no trailing zeros (1,5; 66,67; 2; -1).
 */
export function germanDecimal(value: number, decimals: number = RESULT_DECIMALS): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return String(Object.is(rounded, -0) ? 0 : rounded).replace('.', ',');
}

/** A share from 0 to 1 in percent, rounded as germanDecimal rounds. */
export function percentOf(share: number): number {
  const factor = 10 ** RESULT_DECIMALS;
  return Math.round(share * 100 * factor) / factor;
}
