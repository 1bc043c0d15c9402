import type { EventEnvelope } from './envelope';

export const QUESTION_TYPES = [
  'normal',
  'abcd',
  'zeichnen',
  'selfie',
  'quizzle',
  'schiffe',
  'heal_deal',
  'finale',
  'instruction',
] as const;

export type QuestionType = (typeof QUESTION_TYPES)[number];

/** One question of a quiz's content, as stored (the spec's field names, camelCased extraInfo). */
export interface Question {
  type: QuestionType;
  round: number;
  number: number;
  category: string;
  question: string;
  answer: string;
  /** Unset points are -1; the category's leading bracketed number gives the value ("(3) Geschichte"). */
  points: number;
  options: string[];
  extraInfo: Record<string, unknown>;
}

export type QuizOrigin = 'form' | 'import';

export type QuizCreated = EventEnvelope<
  'QuizCreated',
  1,
  {
    quizId: string;
    name: string;
    yearWeek: string;
    content: Question[];
    origin: QuizOrigin;
  }
>;

export type QuizEdited = EventEnvelope<
  'QuizEdited',
  1,
  {
    quizId: string;
    name: string;
    yearWeek: string;
    content: Question[];
  }
>;

export type QuizEvent = QuizCreated | QuizEdited;
