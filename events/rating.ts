import type { EventEnvelope } from './envelope';

/** A tester's rating; `points` is the answer's new total, `change` the relative step (tu) or null (tua). */
export type AnswerRated = EventEnvelope<
  'AnswerRated',
  1,
  {
    answerId: string;
    points: number;
    change: number | null;
    checked: boolean;
    liked: boolean;
    testerId: string | null;
  }
>;

export type RegexMark = 'correct' | 'wrong' | 'unchecked';

/** trx: every answer of the question matching the regex (case-insensitive) got the same mark. */
export type AnswersBulkRated = EventEnvelope<
  'AnswersBulkRated',
  1,
  {
    quizId: string;
    round: number;
    number: number;
    regex: string;
    mark: RegexMark;
    points: number;
    answerIds: string[];
  }
>;

export type CheckingStarted = EventEnvelope<'CheckingStarted', 1, { testerId: string; quizId: string }>;

export type RatingEvent = AnswerRated | AnswersBulkRated | CheckingStarted;
