import type { EventEnvelope } from './envelope';
import type { Question } from './quizzes';

/**
 * A night is one run of one quiz. It begins when a moderator starts (ma) or hard-resets (mhr) a
 * question of a quiz other than the current night's, and ends when the next night begins or the
 * live state is reset (arr). Its events live in stream night-<nightId>.
 */
export type NightStarted = EventEnvelope<
  'NightStarted',
  1,
  {
    nightId: string;
    quizId: string;
    previousNightId: string | null;
  }
>;

export type PlayMode = 'team' | 'single';

export type QuestionStarted = EventEnvelope<
  'QuestionStarted',
  1,
  {
    nightId: string;
    quizId: string;
    round: number;
    number: number;
    question: Question;
    mode: PlayMode;
  }
>;

/** The countdown is stored as its end instant; the server's scheduler appends CountdownExpired. */
export type CountdownStarted = EventEnvelope<
  'CountdownStarted',
  1,
  { nightId: string; seconds: number; endsAt: number }
>;

export type CountdownExpired = EventEnvelope<'CountdownExpired', 1, { nightId: string; endsAt: number }>;

export type QuestionEndReason = 'countdown' | 'moderator';

export type QuestionEnded = EventEnvelope<
  'QuestionEnded',
  1,
  {
    nightId: string;
    quizId: string;
    round: number;
    number: number;
    reason: QuestionEndReason;
  }
>;

/**
 * Why an answer was taken at the end of a question. Team mode: the team's favourite; else, of
 * several proposals, the one with the most stars (the latest on a tie, also when none has a star);
 * else its only proposal. Single mode: `single`, the player's own current answer.
 */
export type LockInBasis = 'favourite' | 'stars' | 'only' | 'single';

/** One answer taken at the end of a question: a team's (team mode) or a user's (single mode). */
export interface LockedAnswer {
  answerId: string;
  teamId: string | null;
  userId: string | null;
  answer: string;
  /** The user who wrote it (quizzer). */
  author: string | null;
  /** The team's proposal that was taken; null in single mode and for answers recorded in version 1. */
  proposalKey: number | null;
  /** `unknown` only for answers recorded in version 1, which did not record why (docs/decisions/scopes.md). */
  basis: LockInBasis | 'unknown';
}

export interface AnswersLockedInData {
  nightId: string;
  quizId: string;
  round: number;
  number: number;
  answers: LockedAnswer[];
}

export type AnswersLockedIn = EventEnvelope<'AnswersLockedIn', 2, AnswersLockedInData>;

/** Version 1 recorded the answer but not which proposal it was nor why. */
export type LockedAnswerV1 = Omit<LockedAnswer, 'proposalKey' | 'basis'>;
export type AnswersLockedInDataV1 = Omit<AnswersLockedInData, 'answers'> & { answers: LockedAnswerV1[] };

/** mhr: the live game goes back to that position in state qn; proposals and favourites are cleared. */
export type LiveGameReset = EventEnvelope<
  'LiveGameReset',
  1,
  { nightId: string; quizId: string; round: number; number: number }
>;

export type QuizzleAccepted = EventEnvelope<
  'QuizzleAccepted',
  1,
  { nightId: string; teamId: string; proposalKey: number; answer: string }
>;

export type QuizzleRejected = EventEnvelope<
  'QuizzleRejected',
  1,
  { nightId: string; teamId: string; proposalKey: number }
>;

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
