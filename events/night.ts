import type { EventEnvelope } from './envelope';
import type { Question } from './quizzes';

/**
 * A night is one run of one quiz. It begins when a moderator starts (ma) or hard-resets (mhr) a
 * question of a quiz other than the current night's, and ends when the next night begins or the
 * live state is reset (arr). Its events live in stream night-<nightId>.
 */
export type NightStarted = EventEnvelope<'NightStarted', 1, {
  nightId: string;
  quizId: string;
  previousNightId: string | null;
}>;

export type PlayMode = 'team' | 'single';

export type QuestionStarted = EventEnvelope<'QuestionStarted', 1, {
  nightId: string;
  quizId: string;
  round: number;
  number: number;
  question: Question;
  mode: PlayMode;
}>;

/** The countdown is stored as its end instant; the server's scheduler appends CountdownExpired. */
export type CountdownStarted = EventEnvelope<'CountdownStarted', 1, { nightId: string; seconds: number; endsAt: number }>;

export type CountdownExpired = EventEnvelope<'CountdownExpired', 1, { nightId: string; endsAt: number }>;

export type QuestionEndReason = 'countdown' | 'moderator';

export type QuestionEnded = EventEnvelope<'QuestionEnded', 1, {
  nightId: string;
  quizId: string;
  round: number;
  number: number;
  reason: QuestionEndReason;
}>;

/** One answer taken at the end of a question: a team's (team mode) or a user's (single mode). */
export interface LockedAnswer {
  answerId: string;
  teamId: string | null;
  userId: string | null;
  answer: string;
  /** The user who wrote it (quizzer). */
  author: string | null;
}

export type AnswersLockedIn = EventEnvelope<'AnswersLockedIn', 1, {
  nightId: string;
  quizId: string;
  round: number;
  number: number;
  answers: LockedAnswer[];
}>;

/** mhr: the live game goes back to that position in state qn; proposals and favourites are cleared. */
export type LiveGameReset = EventEnvelope<'LiveGameReset', 1, { nightId: string; quizId: string; round: number; number: number }>;

export type QuizzleAccepted = EventEnvelope<'QuizzleAccepted', 1, { nightId: string; teamId: string; proposalKey: number; answer: string }>;

export type QuizzleRejected = EventEnvelope<'QuizzleRejected', 1, { nightId: string; teamId: string; proposalKey: number }>;

export type NightEvent =
  | NightStarted
  | QuestionStarted
  | CountdownStarted
  | CountdownExpired
  | QuestionEnded
  | AnswersLockedIn
  | LiveGameReset
  | QuizzleAccepted
  | QuizzleRejected;
