/** Testers rate locked-in answers; moderators also use the checker and its regex tool. */
import { streams, type RegexMark } from '../../events';
import type { AnswerLive, LiveState } from '../../projections/live';
import type { RateAnswerAbsolute, RateAnswerRelative, RegexBulkRate, StartChecking } from './commands';
import { accept, draft, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { hasRole, numberOf, requireQuiz, requireRole, textOf, wholeNumberOf } from './guards';
import { texts } from './texts';

function requireChecker(ctx: DecisionContext): Rejection | null {
  if (hasRole(ctx, 'moderator')) return null;
  return requireRole(ctx, 'tester');
}

function rate(state: LiveState, answerId: string, points: number | null, change: number | null, cmd: { checked: boolean; liked: boolean }, ctx: DecisionContext): Verdict {
  const denied = requireChecker(ctx);
  if (denied) return denied;
  const answer = state.answers.get(answerId);
  if (!answer) return reject(texts.notFound(answerId), 'not_found');
  const next = points ?? (change === null ? null : answer.points + change);
  if (next === null) return reject(texts.notANumber);
  return accept(streams.night(answer.nightId), draft('AnswerRated', {
    answerId, points: next, change, checked: cmd.checked === true, liked: cmd.liked === true, testerId: ctx.actor.userId,
  }));
}

/** tu: points change by `change`. */
export function rateAnswerRelative(state: LiveState, cmd: RateAnswerRelative, ctx: DecisionContext): Verdict {
  const change = numberOf(cmd.change);
  return rate(state, textOf(cmd.answerId), null, change, cmd, ctx);
}

/** tua: points become `value`, which must be a number. */
export function rateAnswerAbsolute(state: LiveState, cmd: RateAnswerAbsolute, ctx: DecisionContext): Verdict {
  const value = numberOf(cmd.value);
  if (value === null) {
    const denied = requireChecker(ctx);
    return denied ?? reject(texts.notANumber);
  }
  return rate(state, textOf(cmd.answerId), value, null, cmd, ctx);
}

/** ta: the tester starts checking a quiz (the server answers with the quiz's answers). */
export function startChecking(state: LiveState, cmd: StartChecking, ctx: DecisionContext): Verdict {
  const denied = requireChecker(ctx);
  if (denied) return denied;
  const quiz = requireQuiz(state, cmd.quiz);
  if ('ok' in quiz) return quiz;
  const quizId = quiz.id;
  return accept(streams.quiz(quizId), draft('CheckingStarted', { testerId: ctx.actor.userId!, quizId }));
}

const MARKS: readonly RegexMark[] = ['correct', 'wrong', 'unchecked'];

/** trx: marks every answer of a question matching the regex (case-insensitive); default points 1. */
export function regexBulkRate(state: LiveState, cmd: RegexBulkRate, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const source = textOf(cmd.regex);
  if (source.trim() === '') return reject(texts.regexEmpty);
  let regex: RegExp;
  try {
    regex = new RegExp(source, 'i');
  } catch {
    return reject(texts.invalidRegex);
  }
  const quiz = requireQuiz(state, cmd.quiz);
  if ('ok' in quiz) return quiz;
  const quizId = quiz.id;
  const round = wholeNumberOf(cmd.round);
  const number = wholeNumberOf(cmd.question);
  const mark = MARKS.includes(cmd.mark) ? cmd.mark : 'correct';
  const points = cmd.points === undefined ? 1 : numberOf(cmd.points);
  if (points === null) return reject(texts.notANumber);
  const matching: AnswerLive[] = [];
  state.answers.forEach((a) => {
    if (a.quizId === quizId && a.round === round && a.num === number && regex.test(a.answer)) matching.push(a);
  });
  if (matching.length === 0) return reject(texts.noMatchingAnswer, 'not_found');
  matching.sort((a, b) => (a.id < b.id ? -1 : 1));
  return accept(streams.night(matching[0].nightId), draft('AnswersBulkRated', {
    quizId, round: round!, number: number!, regex: source, mark, points, answerIds: matching.map((a) => a.id),
  }));
}
