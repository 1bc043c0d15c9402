import { useEffect, useState } from 'react';
import { useAppSelector } from '../../store';
import { t } from '../../texts/operator';
import { useQuiz } from '../useOperatorData';
import { CurrentQuestionPanel } from './CurrentQuestionPanel';
import { FavouritesPanel } from './FavouritesPanel';
import { HotkeyList, HotkeyScope } from './hotkeys';
import { ModerationPanel } from './ModerationPanel';
import { PaintingPanel, UberPanel } from './UberPanel';

/** Moderator control: loads the running quiz (for the next-question rule); teams and users come live (operator view); the host's hotkeys. */
export function ControlPage() {
  const currentQuiz = useAppSelector((s) => s.live.views.moderator?.currentQuiz ?? null);
  const [quizInput, setQuizInput] = useState(currentQuiz === null ? '1' : String(currentQuiz));
  useEffect(() => {
    if (currentQuiz !== null) setQuizInput(String(currentQuiz));
  }, [currentQuiz]);
  const quizId = currentQuiz === null ? quizInput.trim() : String(currentQuiz);
  const quiz = useQuiz(quizId === '' ? null : quizId);

  return (
    <HotkeyScope>
      <div className="page operator">
        <header className="section-head">
          <h1>{t.control.heading}</h1>
          <HotkeyList />
        </header>
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
    </HotkeyScope>
  );
}
