import type { Question, QuizEvent, TieBreakEvent } from '../../../events';
import type { LiveState } from '../state';

function byPosition(a: Question, b: Question): number {
  return a.round - b.round || a.number - b.number;
}

export function evolveQuizzes(state: LiveState, event: QuizEvent | TieBreakEvent): Partial<LiveState> {
  switch (event.type) {
    case 'QuizCreated':
    case 'QuizEdited': {
      const { quizId, name, yearWeek, content } = event.data;
      return { quizzes: state.quizzes.set(quizId, { id: quizId, name, yearWeek, content }) };
    }
    case 'TieBreakQuestionAdded': {
      const { quizId, question } = event.data;
      return {
        quizzes: state.quizzes.update(quizId, (quiz) => ({ ...quiz, content: [...quiz.content, question].sort(byPosition) })),
      };
    }
  }
}
