/** Testers rate locked-in answers; moderators also use the checker and its regex tool. */
import { streams, type RegexMark } from '../../events';
import type { AnswerLive, LiveState } from '../../projections/live';
import { ANSWER_REGEX_TEXTS, compileAnswerRegex } from '../../projections/live/rules/answer-regex';
import { accept, draft, isRejection, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import {
  CHECKER,
  MODERATOR,
  NIGHTS,
  SHOW,
  questionRefOf,
  type Entries,
  type ParserInput,
  type QuestionRef,
} from './entry';
import { numberOf, quizIdOf, textOf } from './fields';
import { actorId, requireQuiz } from './guards';
import { texts } from './texts';

export interface RateAnswer {
  answerId: string;
  checked: boolean;
  liked: boolean;
}
export interface RateAnswerRelative extends RateAnswer {
  type: 'RateAnswerRelative';
  change: number | null;
}
export interface RateAnswerAbsolute extends RateAnswer {
  type: 'RateAnswerAbsolute';
  value: number;
}
export interface StartChecking {
  type: 'StartChecking';
  quizId: string;
}
export interface RegexBulkRate extends QuestionRef {
  type: 'RegexBulkRate';
  regex: string;
  points: number;
  mark: RegexMark;
}
/** The commands of this file, as their rules receive them: ratingEntries holds one entry for each. */
export type RatingCommand = RateAnswerRelative | RateAnswerAbsolute | StartChecking | RegexBulkRate;

function rate(
  state: LiveState,
  { answerId, checked, liked }: RateAnswer,
  points: number | null,
  change: number | null,
  ctx: DecisionContext,
): Verdict {
  const answer = state.answers.get(answerId);
  if (!answer) return reject(texts.notFound(answerId), 'not_found');
  const next = points ?? (change === null ? null : answer.points + change);
  if (next === null) return reject(texts.notANumber);
  return accept(
    streams.night(answer.nightId),
    draft('AnswerRated', {
      answerId,
      points: next,
      change,
      checked,
      liked,
      testerId: ctx.actor.userId,
    }),
  );
}

/** tu: points change by `change`. */
export function rateAnswerRelative(state: LiveState, cmd: RateAnswerRelative, ctx: DecisionContext): Verdict {
  return rate(state, cmd, null, cmd.change, ctx);
}

/** tua: points become `value`, which must be a number. */
export function rateAnswerAbsolute(state: LiveState, cmd: RateAnswerAbsolute, ctx: DecisionContext): Verdict {
  return rate(state, cmd, cmd.value, null, ctx);
}

/** ta: the tester starts checking a quiz (the server answers with the quiz's answers). */
export function startChecking(state: LiveState, cmd: StartChecking, ctx: DecisionContext): Verdict {
  const quiz = requireQuiz(state, cmd.quizId);
  if (isRejection(quiz)) return quiz;
  const quizId = quiz.id;
  return accept(streams.quiz(quizId), draft('CheckingStarted', { testerId: actorId(ctx), quizId }));
}

/** trx: marks every answer of a question matching the regex (case-insensitive, linear time); default points 1. */
export function regexBulkRate(state: LiveState, cmd: RegexBulkRate): Verdict {
  const quiz = requireQuiz(state, cmd.quizId);
  if (isRejection(quiz)) return quiz;
  const quizId = quiz.id;
  const { round, number, mark, points } = cmd;
  const compiled = compileAnswerRegex(cmd.regex);
  if (!compiled.ok) return reject(ANSWER_REGEX_TEXTS[compiled.problem]);
  const { regex } = compiled;
  const matching: AnswerLive[] = [];
  state.answers.forEach((a) => {
    if (a.quizId === quizId && a.round === round && a.num === number && regex.test(a.answer)) matching.push(a);
  });
  matching.sort((a, b) => (a.id < b.id ? -1 : 1));
  const [first] = matching;
  if (!first) return reject(texts.noMatchingAnswer, 'not_found');
  return accept(
    streams.night(first.nightId),
    draft('AnswersBulkRated', {
      quizId,
      round: first.round,
      number: first.num,
      regex: cmd.regex,
      mark,
      points,
      answerIds: matching.map((a) => a.id),
    }),
  );
}

function ratingOf(c: ParserInput): RateAnswer {
  return { answerId: textOf(c.answerId), checked: c.checked === true, liked: c.liked === true };
}

const MARKS = ['correct', 'wrong', 'unchecked'] as const;

function parseRegexBulkRate(c: ParserInput): RegexBulkRate | Rejection {
  const regex = textOf(c.regex);
  const compiled = compileAnswerRegex(regex);
  if (!compiled.ok) return reject(ANSWER_REGEX_TEXTS[compiled.problem]);
  const points = c.points === undefined ? 1 : numberOf(c.points);
  if (points === null) return reject(texts.notANumber);
  const mark = MARKS.find((m) => m === c.mark) ?? 'correct';
  return { type: 'RegexBulkRate', ...questionRefOf(c), regex, points, mark };
}

export const ratingEntries = {
  RateAnswerRelative: {
    wire: 'tu',
    content: { answerId: 'string', change: 'number', checked: 'boolean', liked: 'boolean' },
    access: CHECKER,
    parse: (c) => ({ type: 'RateAnswerRelative', ...ratingOf(c), change: numberOf(c.change) }),
    boundary: () => [SHOW, NIGHTS],
    rule: rateAnswerRelative,
  },
  RateAnswerAbsolute: {
    wire: 'tua',
    content: { answerId: 'string', value: 'number', checked: 'boolean', liked: 'boolean' },
    access: CHECKER,
    parse: (c) => {
      const value = numberOf(c.value);
      return value === null ? reject(texts.notANumber) : { type: 'RateAnswerAbsolute', ...ratingOf(c), value };
    },
    boundary: () => [SHOW, NIGHTS],
    rule: rateAnswerAbsolute,
  },
  StartChecking: {
    wire: 'ta',
    content: { quiz: 'string|number' },
    access: CHECKER,
    parse: (c) => ({ type: 'StartChecking', quizId: quizIdOf(c.quiz) }),
    boundary: (cmd) => [SHOW, streams.quiz(cmd.quizId)],
    rule: startChecking,
  },
  RegexBulkRate: {
    wire: 'trx',
    content: {
      quiz: 'string|number',
      round: 'integer',
      question: 'integer',
      regex: 'string',
      points: 'number',
      mark: 'string',
    },
    access: MODERATOR,
    parse: parseRegexBulkRate,
    boundary: (cmd) => [SHOW, streams.quiz(cmd.quizId), NIGHTS],
    rule: regexBulkRate,
  },
} satisfies Entries<RatingCommand>;
