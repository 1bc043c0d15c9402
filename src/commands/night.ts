/** The game flow of a night: questions, countdown, end of question, instructions, quizzle decisions. */
import { streams, type Draft, type Question, type QuestionEndReason, type QuizShowEvent } from '../../events';
import {
  DEFAULT_COUNTDOWN_SECONDS,
  findQuestion,
  isQuestionOpen,
  lockInAnswers,
  openQuestion,
  nextQuestionPosition,
  type LiveState,
  type NightLive,
  type QuizLive,
} from '../../projections/live';
import { accept, draft, isRejection, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { MODERATOR, NIGHTS, QUIZZES, SHOW, TEAMS, USERS, questionRefOf, type Entries, type QuestionRef } from './entry';
import { numberOf } from './fields';
import { requireQuiz } from './guards';
import { texts } from './texts';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface StartQuestion extends QuestionRef {
  type: 'StartQuestion';
}
/** The control panel's next-question button. */
export interface StartNextQuestion {
  type: 'StartNextQuestion';
}
export interface HardReset extends QuestionRef {
  type: 'HardReset';
}
/** `seconds` null: the default countdown. */
export interface StartCountdown {
  type: 'StartCountdown';
  seconds: number | null;
}
/** Sent by the server's scheduler when a countdown's end instant has passed. */
export interface ExpireCountdown {
  type: 'ExpireCountdown';
}
export interface EndQuestion {
  type: 'EndQuestion';
}
export interface ShowInstructions {
  type: 'ShowInstructions';
}
export interface AcceptQuizzle {
  type: 'AcceptQuizzle';
}
export interface RejectQuizzle {
  type: 'RejectQuizzle';
}
/** The commands of this file, as their rules receive them: nightEntries holds one entry for each. */
export type NightCommand =
  | StartQuestion
  | StartNextQuestion
  | HardReset
  | StartCountdown
  | ExpireCountdown
  | EndQuestion
  | ShowInstructions
  | AcceptQuizzle
  | RejectQuizzle;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const NIGHT_COMMAND_TEXTS = {
  // from the spec, verbatim
  nextQuestionOnlyWithoutQuestion: SHARED_TEXTS.nextQuestionOnlyWithoutQuestion,
  countdownOnlyWithQuestion: SHARED_TEXTS.countdownOnlyWithQuestion,
  quizEmpty: SHARED_TEXTS.quizEmpty,
  noFurtherQuestion: SHARED_TEXTS.noFurtherQuestion,
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  quizzleNothingOffered: 'Es liegt kein Quizzle-Vorschlag vor.',
  countdownNotDue: 'Der Countdown läuft noch.',
  countdownTooLong: 'Ein Countdown dauert höchstens eine Stunde (3600 Sekunden).',
} as const;

export { DEFAULT_COUNTDOWN_SECONDS };

/** The night a command of this quiz belongs to: the current one, or a new one that begins now. */
function nightFor(
  state: LiveState,
  quizId: string,
  ctx: DecisionContext,
): { nightId: string; drafts: Draft<QuizShowEvent>[] } {
  if (state.night && state.night.quizId === quizId) return { nightId: state.night.id, drafts: [] };
  const nightId = ctx.newId();
  return { nightId, drafts: [draft('NightStarted', { nightId, quizId, previousNightId: state.night?.id ?? null })] };
}

function quizWithContent(state: LiveState, quizId: string): QuizLive | Rejection {
  const quiz = requireQuiz(state, quizId);
  if (isRejection(quiz)) return quiz;
  if (quiz.content.length === 0) return reject(NIGHT_COMMAND_TEXTS.quizEmpty, 'precondition');
  return quiz;
}

function start(
  state: LiveState,
  quizId: string,
  round: number | null,
  number: number | null,
  ctx: DecisionContext,
): Verdict {
  const quiz = quizWithContent(state, quizId);
  if (isRejection(quiz)) return quiz;
  const question = round === null || number === null ? undefined : findQuestion(quiz.content, round, number);
  if (!question) return reject(NIGHT_COMMAND_TEXTS.noFurtherQuestion, 'not_found');
  const { nightId, drafts } = nightFor(state, quizId, ctx);
  const mode = state.show.uberModus === 'quiz-single' ? 'single' : 'team';
  return accept(
    streams.night(nightId),
    ...drafts,
    draft('QuestionStarted', { nightId, quizId, round: question.round, number: question.number, question, mode }),
  );
}

/** ma: a question starts only in state qn. */
export function startQuestion(state: LiveState, cmd: StartQuestion, ctx: DecisionContext): Verdict {
  if (isQuestionOpen(state)) return reject(NIGHT_COMMAND_TEXTS.nextQuestionOnlyWithoutQuestion, 'precondition');
  return start(state, cmd.quizId, cmd.round, cmd.number, ctx);
}

/** Next question: number + 1 in the round, else question 1 of the next round (see nextQuestionPosition). */
export function startNextQuestion(state: LiveState, _cmd: unknown, ctx: DecisionContext): Verdict {
  if (isQuestionOpen(state)) return reject(NIGHT_COMMAND_TEXTS.nextQuestionOnlyWithoutQuestion, 'precondition');
  const night = state.night;
  if (!night) return reject(NIGHT_COMMAND_TEXTS.noFurtherQuestion, 'precondition');
  const quiz = quizWithContent(state, night.quizId);
  if (isRejection(quiz)) return quiz;
  const next =
    night.round === null || night.number === null
      ? { round: quiz.content[0].round, number: quiz.content[0].number }
      : nextQuestionPosition(quiz.content, night.round, night.number);
  if (!next) return reject(NIGHT_COMMAND_TEXTS.noFurtherQuestion, 'not_found');
  return start(state, night.quizId, next.round, next.number, ctx);
}

/** mhr: back to that position in state qn, without locking anything in. */
export function hardReset(state: LiveState, cmd: HardReset, ctx: DecisionContext): Verdict {
  const quizId = cmd.quizId;
  const quiz = quizWithContent(state, quizId);
  if (isRejection(quiz)) return quiz;
  const { round, number } = cmd;
  if (round === null || number === null || !findQuestion(quiz.content, round, number))
    return reject(NIGHT_COMMAND_TEXTS.noFurtherQuestion, 'not_found');
  const { nightId, drafts } = nightFor(state, quizId, ctx);
  return accept(streams.night(nightId), ...drafts, draft('LiveGameReset', { nightId, quizId, round, number }));
}

/** mc: only while a question is open; the end instant is stored, the server's scheduler expires it. */
export function startCountdown(state: LiveState, cmd: StartCountdown, ctx: DecisionContext): Verdict {
  const open = questionInPlay(state);
  if (!open) return reject(NIGHT_COMMAND_TEXTS.countdownOnlyWithQuestion, 'precondition');
  const seconds = cmd.seconds !== null && cmd.seconds > 0 ? cmd.seconds : DEFAULT_COUNTDOWN_SECONDS;
  const nightId = open.night.id;
  return accept(
    streams.night(nightId),
    draft('CountdownStarted', { nightId, seconds, endsAt: ctx.now + seconds * 1000 }),
  );
}

/** The night and its question while a question is open (qa, qc). */
export interface QuestionInPlay {
  night: NightLive;
  question: Question;
}

/** The question in play, or null when none is open. */
export function questionInPlay(state: LiveState): QuestionInPlay | null {
  const question = openQuestion(state);
  return question && state.night ? { night: state.night, question } : null;
}

function endOfQuestion(
  state: LiveState,
  { night, question }: QuestionInPlay,
  reason: QuestionEndReason,
  ctx: DecisionContext,
): Draft<QuizShowEvent>[] {
  const position = { nightId: night.id, quizId: night.quizId, round: question.round, number: question.number };
  return [
    draft('QuestionEnded', { ...position, reason }),
    draft('AnswersLockedIn', { ...position, answers: lockInAnswers(state, ctx) }),
  ];
}

/** The scheduler's message once the countdown's end instant has passed. */
export function expireCountdown(state: LiveState, _cmd: unknown, ctx: DecisionContext): Verdict {
  const open = questionInPlay(state);
  const countdown = open?.night.phase === 'qc' ? open.night.countdown : null;
  if (!open || !countdown || ctx.now < countdown.endsAt)
    return reject(NIGHT_COMMAND_TEXTS.countdownNotDue, 'precondition');
  return accept(
    streams.night(open.night.id),
    draft('CountdownExpired', { nightId: open.night.id, endsAt: countdown.endsAt }),
    ...endOfQuestion(state, open, 'countdown', ctx),
  );
}

/** mn: end the question now; the answers are locked in; state qn. */
export function endQuestion(state: LiveState, _cmd: unknown, ctx: DecisionContext): Verdict {
  const open = questionInPlay(state);
  if (!open) return reject(texts.noQuestionOpen, 'precondition');
  return accept(streams.night(open.night.id), ...endOfQuestion(state, open, 'moderator', ctx));
}

/** mi: instructions only at the start of the quiz, before its first question. */
export function showInstructions(state: LiveState): Verdict {
  if (!isAtStartOfQuiz(state)) return reject(texts.instructionsOnlyAtStart, 'precondition');
  return accept(streams.show, draft('InstructionsShown', {}));
}

export function isAtStartOfQuiz(state: LiveState): boolean {
  return state.night === null || state.night.questionsStarted === 0;
}

function openQuizzle(state: LiveState): Rejection | { nightId: string; teamId: string; key: number; answer: string } {
  const night = state.night;
  if (!night || !isQuestionOpen(state) || night.question?.type !== 'quizzle')
    return reject(texts.notAQuizzle, 'precondition');
  if (night.quizzle === 'accepted') return reject(texts.quizzleAlreadyAccepted, 'precondition');
  if (!night.quizzleAnswer) return reject(NIGHT_COMMAND_TEXTS.quizzleNothingOffered, 'precondition');
  return { nightId: night.id, ...night.quizzleAnswer };
}

/** mr: accept the offered quizzle proposal; once accepted, nothing more can be accepted or rejected. */
export function acceptQuizzle(state: LiveState): Verdict {
  const offer = openQuizzle(state);
  if (isRejection(offer)) return offer;
  return accept(
    streams.night(offer.nightId),
    draft('QuizzleAccepted', {
      nightId: offer.nightId,
      teamId: offer.teamId,
      proposalKey: offer.key,
      answer: offer.answer,
    }),
  );
}

/** mq: reject it; the quizzle is open again for every team. */
export function rejectQuizzle(state: LiveState): Verdict {
  const offer = openQuizzle(state);
  if (isRejection(offer)) return offer;
  return accept(
    streams.night(offer.nightId),
    draft('QuizzleRejected', { nightId: offer.nightId, teamId: offer.teamId, proposalKey: offer.key }),
  );
}

/** mc: a countdown of at most an hour (a question lasts minutes). */
const MAX_COUNTDOWN_SECONDS = 3600;
const QUESTION_REF = { quiz: 'string|number', round: 'integer', question: 'integer' } as const;

export const nightEntries = {
  StartQuestion: {
    wire: 'ma',
    content: QUESTION_REF,
    access: MODERATOR,
    parse: (c) => ({ type: 'StartQuestion', ...questionRefOf(c) }),
    boundary: (cmd) => [SHOW, NIGHTS, streams.quiz(cmd.quizId)],
    rule: startQuestion,
  },
  StartNextQuestion: {
    access: MODERATOR,
    parse: () => ({ type: 'StartNextQuestion' }),
    boundary: () => [SHOW, NIGHTS, QUIZZES],
    rule: startNextQuestion,
  },
  HardReset: {
    wire: 'mhr',
    content: QUESTION_REF,
    access: MODERATOR,
    parse: (c) => ({ type: 'HardReset', ...questionRefOf(c) }),
    boundary: (cmd) => [SHOW, NIGHTS, streams.quiz(cmd.quizId)],
    rule: hardReset,
  },
  StartCountdown: {
    wire: 'mc',
    content: { time: 'number' },
    access: MODERATOR,
    parse: (c) => {
      const seconds = numberOf(c.time);
      // An end instant must stay a finite number a timer can wait for (1e308 s stored null and never fired).
      return seconds !== null && seconds > MAX_COUNTDOWN_SECONDS
        ? reject(NIGHT_COMMAND_TEXTS.countdownTooLong)
        : { type: 'StartCountdown', seconds };
    },
    boundary: () => [SHOW, NIGHTS],
    rule: startCountdown,
  },
  // The lock-in reads every team's play and, in single mode, every user's answer.
  ExpireCountdown: {
    access: 'anyone',
    parse: () => ({ type: 'ExpireCountdown' }),
    boundary: () => [SHOW, NIGHTS, TEAMS, USERS],
    rule: expireCountdown,
  },
  EndQuestion: {
    wire: 'mn',
    content: {},
    access: MODERATOR,
    parse: () => ({ type: 'EndQuestion' }),
    boundary: () => [SHOW, NIGHTS, TEAMS, USERS],
    rule: endQuestion,
  },
  ShowInstructions: {
    wire: 'mi',
    content: {},
    access: MODERATOR,
    parse: () => ({ type: 'ShowInstructions' }),
    boundary: () => [SHOW, NIGHTS],
    rule: showInstructions,
  },
  AcceptQuizzle: {
    wire: 'mr',
    content: {},
    access: MODERATOR,
    parse: () => ({ type: 'AcceptQuizzle' }),
    boundary: () => [SHOW, NIGHTS],
    rule: acceptQuizzle,
  },
  RejectQuizzle: {
    wire: 'mq',
    content: {},
    access: MODERATOR,
    parse: () => ({ type: 'RejectQuizzle' }),
    boundary: () => [SHOW, NIGHTS],
    rule: rejectQuizzle,
  },
} satisfies Entries<NightCommand>;
