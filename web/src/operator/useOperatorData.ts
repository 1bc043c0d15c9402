/** Data the operator screens load over HTTP on entry: a quiz by id (teams and users come live: operatorLists.ts). */
import { useEffect, useState } from 'react';
import { HttpError } from '../api/http';
import { getQuiz, type Quiz } from '../api/operator';
import { t } from '../texts/operator';

export type Loadable<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; message: string };

/** GET /api/quizzes/:id whenever the id changes; the failure names the spec's text. */
export function useQuiz(quizId: string | null): Loadable<Quiz> {
  const [state, setState] = useState<Loadable<Quiz>>({ status: 'idle' });
  useEffect(() => {
    if (!quizId) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    getQuiz(quizId).then(
      (quiz) => {
        if (!current) return;
        if (quiz.content.length === 0) setState({ status: 'failed', message: t.operator.quizEmpty });
        else setState({ status: 'loaded', value: quiz });
      },
      (error: unknown) => {
        if (!current) return;
        const notFound = error instanceof HttpError && error.status === 404;
        setState({ status: 'failed', message: notFound ? t.operator.quizNotFound(quizId) : t.tester.quizLoadFailed });
      },
    );
    return () => {
      current = false;
    };
  }, [quizId]);
  return state;
}
