import type { Question, QuizEvent, TieBreakEvent } from '../../../events';
import type { LiveState } from '../state/state';
import type { Changes, Writer } from './writer';

function byPosition(a: Question, b: Question): number {
  return a.round - b.round || a.number - b.number;
}

export function evolveQuizzes(state: LiveState, event: QuizEvent | TieBreakEvent, write: Writer): Changes {
  switch (event.type) {
    case 'QuizCreated':
    case 'QuizEdited': {
      const { quizId, name, yearWeek, content } = event.data;
      return { quizzes: write.set(state.quizzes, quizId, { id: quizId, name, yearWeek, content }) };
    }
    case 'TieBreakQuestionAdded': {
      const { quizId, question } = event.data;
      return {
        quizzes: write.update(state.quizzes, quizId, (quiz) => ({
          ...quiz,
          content: [...quiz.content, question].sort(byPosition),
        })),
      };
    }
  }
}
