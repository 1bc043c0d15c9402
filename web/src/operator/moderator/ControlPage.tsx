import { useEffect, useState } from 'react';
import { useAppSelector } from '../../store';
import { t } from '../../texts';
import { useQuiz } from '../useOperatorData';
import { CurrentQuestionPanel } from './CurrentQuestionPanel';
import { FavouritesPanel } from './FavouritesPanel';
import { ModerationPanel } from './ModerationPanel';
import { PaintingPanel, UberPanel } from './UberPanel';

/** Moderator control: loads the running quiz (for the next-question rule); teams and users come live (operator view). */
export function ControlPage() {
  const currentQuiz = useAppSelector((s) => s.live.views.moderator?.currentQuiz ?? null);
  const [quizInput, setQuizInput] = useState(currentQuiz === null ? '1' : String(currentQuiz));
  useEffect(() => {
    if (currentQuiz !== null) setQuizInput(String(currentQuiz));
  }, [currentQuiz]);
  const quizId = currentQuiz === null ? quizInput.trim() : String(currentQuiz);
  const quiz = useQuiz(quizId === '' ? null : quizId);

  return (
    <div className="page operator">
      <h1>{t.control.heading}</h1>
      <div className="operator-grid operator-grid--control">
        <CurrentQuestionPanel
          quiz={quiz.status === 'loaded' ? quiz.value : null}
          quizProblem={quiz.status === 'failed' ? quiz.message : null}
          quizInput={quizInput}
          onQuizInput={setQuizInput}
        />
        <FavouritesPanel />
        <UberPanel />
        <PaintingPanel />
        <ModerationPanel />
      </div>
    </div>
  );
}
