/** The game flow of a night: questions, countdown, end of question, instructions, quizzle decisions. */
import { streams, type Draft, type QuestionEndReason, type QuizShowEvent } from '../../events';
import {
  findQuestion, isQuestionOpen, nextQuestionPosition, type LiveState, type QuizLive,
} from '../../projections/live';
import type {
  AcceptQuizzle, EndQuestion, ExpireCountdown, HardReset, ListUploadFolder, QueryPointsOverview, RejectQuizzle,
  ShowInstructions, StartCountdown, StartNextQuestion, StartQuestion,
} from './commands';
import { accept, draft, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { numberOf, quizIdOf, requireQuiz, requireRole, textOf, wholeNumberOf } from './guards';
import { lockInAnswers } from '../../projections/live';
import { texts } from './texts';

export const DEFAULT_COUNTDOWN_SECONDS = 60;

/** The night a command of this quiz belongs to: the current one, or a new one that begins now. */
function nightFor(state: LiveState, quizId: string, ctx: DecisionContext): { nightId: string; drafts: Draft<QuizShowEvent>[] } {
  if (state.night && state.night.quizId === quizId) return { nightId: state.night.id, drafts: [] };
  const nightId = ctx.newId();
  return { nightId, drafts: [draft('NightStarted', { nightId, quizId, previousNightId: state.night?.id ?? null })] };
}

function quizWithContent(state: LiveState, quizId: string): QuizLive | Rejection {
  const quiz = requireQuiz(state, quizId);
  if ('ok' in quiz) return quiz;
  if (quiz.content.length === 0) return reject(texts.quizEmpty, 'precondition');
  return quiz;
}

function start(state: LiveState, quizId: string, round: number | null, number: number | null, ctx: DecisionContext): Verdict {
  const quiz = quizWithContent(state, quizId);
  if ('ok' in quiz) return quiz;
  const question = round === null || number === null ? undefined : findQuestion(quiz.content, round, number);
  if (!question) return reject(texts.noFurtherQuestion, 'not_found');
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
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  if (isQuestionOpen(state)) return reject(texts.nextQuestionOnlyWithoutQuestion, 'precondition');
  return start(state, quizIdOf(cmd.quiz), wholeNumberOf(cmd.round), wholeNumberOf(cmd.question), ctx);
}

/** Next question: number + 1 in the round, else question 1 of the next round (see nextQuestionPosition). */
export function startNextQuestion(state: LiveState, _cmd: StartNextQuestion, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  if (isQuestionOpen(state)) return reject(texts.nextQuestionOnlyWithoutQuestion, 'precondition');
  const night = state.night;
  if (!night) return reject(texts.noFurtherQuestion, 'precondition');
  const quiz = quizWithContent(state, night.quizId);
  if ('ok' in quiz) return quiz;
  const next = night.round === null || night.number === null
    ? { round: quiz.content[0].round, number: quiz.content[0].number }
    : nextQuestionPosition(quiz.content, night.round, night.number);
  if (!next) return reject(texts.noFurtherQuestion, 'not_found');
  return start(state, night.quizId, next.round, next.number, ctx);
}

/** mhr: back to that position in state qn, without locking anything in. */
export function hardReset(state: LiveState, cmd: HardReset, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const quizId = quizIdOf(cmd.quiz);
  const quiz = quizWithContent(state, quizId);
  if ('ok' in quiz) return quiz;
  const round = wholeNumberOf(cmd.round);
  const number = wholeNumberOf(cmd.question);
  if (round === null || number === null || !findQuestion(quiz.content, round, number)) return reject(texts.noFurtherQuestion, 'not_found');
  const { nightId, drafts } = nightFor(state, quizId, ctx);
  return accept(streams.night(nightId), ...drafts, draft('LiveGameReset', { nightId, quizId, round, number }));
}

/** mc: only while a question is open; the end instant is stored, the server's scheduler expires it. */
export function startCountdown(state: LiveState, cmd: StartCountdown, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  if (!isQuestionOpen(state)) return reject(texts.countdownOnlyWithQuestion, 'precondition');
  const asked = numberOf(cmd.time);
  const seconds = asked !== null && asked > 0 ? asked : DEFAULT_COUNTDOWN_SECONDS;
  const nightId = state.night!.id;
  return accept(streams.night(nightId), draft('CountdownStarted', { nightId, seconds, endsAt: ctx.now + seconds * 1000 }));
}

function endOfQuestion(state: LiveState, reason: QuestionEndReason, ctx: DecisionContext): Draft<QuizShowEvent>[] {
  const night = state.night!;
  const question = night.question!;
  const position = { nightId: night.id, quizId: night.quizId, round: question.round, number: question.number };
  return [
    draft('QuestionEnded', { ...position, reason }),
    draft('AnswersLockedIn', { ...position, answers: lockInAnswers(state, ctx) }),
  ];
}

/** The scheduler's message once the countdown's end instant has passed. */
export function expireCountdown(state: LiveState, _cmd: ExpireCountdown, ctx: DecisionContext): Verdict {
  const night = state.night;
  if (!night || night.phase !== 'qc' || !night.countdown || ctx.now < night.countdown.endsAt) {
    return reject(texts.countdownNotDue, 'precondition');
  }
  return accept(
    streams.night(night.id),
    draft('CountdownExpired', { nightId: night.id, endsAt: night.countdown.endsAt }),
    ...endOfQuestion(state, 'countdown', ctx),
  );
}

/** mn: end the question now; the answers are locked in; state qn. */
export function endQuestion(state: LiveState, _cmd: EndQuestion, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  if (!isQuestionOpen(state)) return reject(texts.noQuestionOpen, 'precondition');
  return accept(streams.night(state.night!.id), ...endOfQuestion(state, 'moderator', ctx));
}

/** mi: instructions only at the start of the quiz, before its first question. */
export function showInstructions(state: LiveState, _cmd: ShowInstructions, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  if (!isAtStartOfQuiz(state)) return reject(texts.instructionsOnlyAtStart, 'precondition');
  return accept(streams.show, draft('InstructionsShown', {}));
}

export function isAtStartOfQuiz(state: LiveState): boolean {
  return state.night === null || state.night.questionsStarted === 0;
}

function openQuizzle(state: LiveState, ctx: DecisionContext): Rejection | { nightId: string; teamId: string; key: number; answer: string } {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const night = state.night;
  if (!night || !isQuestionOpen(state) || night.question?.type !== 'quizzle') return reject(texts.notAQuizzle, 'precondition');
  if (night.quizzle === 'accepted') return reject(texts.quizzleAlreadyAccepted, 'precondition');
  if (!night.quizzleAnswer) return reject(texts.quizzleNothingOffered, 'precondition');
  return { nightId: night.id, ...night.quizzleAnswer };
}

/** mr: accept the offered quizzle proposal; once accepted, nothing more can be accepted or rejected. */
export function acceptQuizzle(state: LiveState, _cmd: AcceptQuizzle, ctx: DecisionContext): Verdict {
  const offer = openQuizzle(state, ctx);
  if ('ok' in offer) return offer;
  return accept(streams.night(offer.nightId), draft('QuizzleAccepted', {
    nightId: offer.nightId, teamId: offer.teamId, proposalKey: offer.key, answer: offer.answer,
  }));
}

/** mq: reject it; the quizzle is open again for every team. */
export function rejectQuizzle(state: LiveState, _cmd: RejectQuizzle, ctx: DecisionContext): Verdict {
  const offer = openQuizzle(state, ctx);
  if ('ok' in offer) return offer;
  return accept(streams.night(offer.nightId), draft('QuizzleRejected', { nightId: offer.nightId, teamId: offer.teamId, proposalKey: offer.key }));
}

/** mup: a query; answered by the server with pointsOverview(state, quiz). */
export function queryPointsOverview(state: LiveState, cmd: QueryPointsOverview, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const quiz = requireQuiz(state, cmd.quiz);
  if ('ok' in quiz) return quiz;
  const quizId = quiz.id;
  return accept(streams.quiz(quizId));
}

/** muf: a query; the folder must stay inside the upload store. */
export function listUploadFolder(_state: LiveState, cmd: ListUploadFolder, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const folder = textOf(cmd.folder);
  if (folder.startsWith('/') || folder.includes('\\') || folder.split('/').includes('..')) {
    return reject(texts.folderOutsideUploads, 'forbidden');
  }
  return accept(streams.show);
}
