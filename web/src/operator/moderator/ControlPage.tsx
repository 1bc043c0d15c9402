import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { refusalText } from '../../api/http';
import { createExampleQuiz, listQuizzes } from '../../api/operator';
import { useAppSelector } from '../../store';
import { t } from '../../texts/operator';
import { Panel, useNotify } from '../shared';
import { useQuiz } from '../useOperatorData';
import { CurrentQuestionPanel } from './CurrentQuestionPanel';
import { FavouritesPanel } from './FavouritesPanel';
import { HotkeyList, HotkeyScope } from './hotkeys';
import { ModerationPanel } from './ModerationPanel';
import { PaintingPanel, UberPanel } from './UberPanel';

/**
 * Whether any quiz exists (null while asking): a fresh install has none, and its control page shows the
 * first step instead of the error of a missing quiz 1. The quiz to start at: quiz 1 as ever, else the
 * newest (quiz 1 was deleted from a copied database, or the example came later).
 */
function useNewestQuizId(): { known: boolean; newest: string | null; loaded(id: string): void } {
  const [newest, setNewest] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    listQuizzes().then(
      (quizzes) => current && setNewest(quizzes.some((quiz) => quiz.id === '1') ? '1' : (quizzes[0]?.id ?? null)),
      () => current && setNewest('1'), // not readable: fall back to the usual first quiz, whose loading says what is wrong
    );
    return () => {
      current = false;
    };
  }, []);
  return { known: newest !== undefined, newest: newest ?? null, loaded: setNewest };
}

/** No quiz yet: make one on the config page, or load the example in one step. */
function FirstStepPanel({ onLoaded }: { onLoaded(id: string): void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function loadExample() {
    setBusy(true);
    try {
      const quiz = await createExampleQuiz();
      notify(t.control.firstStepExampleLoaded(quiz.id), 'info');
      onLoaded(quiz.id);
    } catch (error) {
      notify(refusalText(error, t.control.firstStepExampleFailed), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title={t.control.firstStepHeading} className="control-current">
      <p>{t.control.firstStepText}</p>
      <div className="button-row">
        <Link href="/moderator/config" className="button">
          {t.control.firstStepCreate}
        </Link>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void loadExample()}>
          {t.control.firstStepExample}
        </button>
      </div>
    </Panel>
  );
}

/** Moderator control: loads the running quiz (for the next-question rule); teams and users come live (operator view); the host's hotkeys. */
export function ControlPage() {
  const currentQuiz = useAppSelector((s) => s.live.views.moderator?.currentQuiz ?? null);
  const quizzes = useNewestQuizId();
  const [quizInput, setQuizInput] = useState(currentQuiz === null ? '1' : String(currentQuiz));
  useEffect(() => {
    if (currentQuiz !== null) setQuizInput(String(currentQuiz));
  }, [currentQuiz]);
  useEffect(() => {
    if (currentQuiz === null && quizzes.newest !== null) setQuizInput(quizzes.newest);
  }, [currentQuiz, quizzes.newest]);
  const noQuizYet = currentQuiz === null && quizzes.known && quizzes.newest === null;
  const quizId = currentQuiz === null ? quizInput.trim() : String(currentQuiz);
  const quiz = useQuiz(quizId === '' || !quizzes.known || noQuizYet ? null : quizId);

  return (
    <HotkeyScope>
      <div className="page operator">
        <header className="section-head">
          <h1>{t.control.heading}</h1>
          <HotkeyList />
        </header>
        <div className="operator-grid operator-grid--control">
          {noQuizYet ? (
            <FirstStepPanel onLoaded={quizzes.loaded} />
          ) : (
            <CurrentQuestionPanel
              quiz={quiz.status === 'loaded' ? quiz.value : null}
              quizProblem={quiz.status === 'failed' ? quiz.message : null}
              quizInput={quizInput}
              onQuizInput={setQuizInput}
            />
          )}
          <FavouritesPanel />
          <UberPanel />
          <PaintingPanel />
          <ModerationPanel />
        </div>
      </div>
    </HotkeyScope>
  );
}
