import type { EventEnvelope } from './envelope';
import type { Question } from './quizzes';

/** aas: a tie-break question (Seitenstechen) added to a quiz at round/number; stream quiz-<id>. */
export type TieBreakQuestionAdded = EventEnvelope<'TieBreakQuestionAdded', 1, { quizId: string; question: Question }>;

export type TieBreakEvent = TieBreakQuestionAdded;
