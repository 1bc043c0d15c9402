import { startTransition, useCallback, useState } from 'react';
import { Field } from '../../components/Field';
import { wholeNumberOr } from '../../logic/quiz';
import { useAppSelector } from '../../store';
import { selectIsModerator } from '../../store/selectors';
import { t } from '../../texts/operator';
import { operatorTeam, selectOperatorLists, userNameOrPlaceholder } from '../operatorLists';
import { useCommand } from '../shared';
import { useQuiz } from '../useOperatorData';
import type { CheckerAnswer } from './logic';
import { RegexTool, TeamSearch } from './ModeratorTools';
import { RoundTable } from './RoundTable';
import { SingleChecker, type CheckerPosition } from './SingleChecker';

type Mode = 'single' | 'round';

/**
 * The answers being checked: the live tester view while it holds this quiz (pushes keep it current),
 * else the `ta` reply with the ratings made here applied.
 */
function useCheckedAnswers(quizId: string | null) {
  const tester = useAppSelector((s) => s.live.views.tester);
  const [fromReply, setFromReply] = useState<CheckerAnswer[]>([]);
  const live = quizId !== null && tester?.quiz !== undefined && String(tester.quiz) === quizId;
  const onRated = useCallback((rated: CheckerAnswer) => {
    setFromReply((list) => list.map((a) => (a.id === rated.id ? rated : a)));
  }, []);
  return { answers: live ? tester.answers : fromReply, setFromReply, onRated };
}

/** Tester screen: quiz id and check (ta), then the single-answer checker or the round table. */
export function TesterPage() {
  const isModerator = useAppSelector(selectIsModerator);
  const defaultQuiz = useAppSelector((s) => s.live.views.tester?.quiz);
  const lists = useAppSelector(selectOperatorLists);
  const send = useCommand();
  const [quizInput, setQuizInput] = useState(defaultQuiz === undefined ? '1' : String(defaultQuiz));
  const [checkingQuiz, setCheckingQuiz] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('single');
  const [position, setPosition] = useState<CheckerPosition>({ round: '1', question: '1' });
  const quiz = useQuiz(checkingQuiz);
  const { answers, setFromReply, onRated } = useCheckedAnswers(checkingQuiz);

  // A team's answer shows the team's name; a single player's answer the player's name.
  const teamName = useCallback(
    (answer: CheckerAnswer) => {
      if (answer.teamId !== null)
        return operatorTeam(lists, answer.teamId)?.name ?? answer.team ?? t.placeholders.noTeam;
      return answer.userId !== null ? userNameOrPlaceholder(lists, answer.userId) : t.placeholders.noTeam;
    },
    [lists],
  );

  async function check() {
    const quizId = quizInput.trim();
    const reply = await send('ta', { quiz: quizId });
    if (!reply.success) return;
    // A transition: thousands of answers render without holding the page (no long task).
    startTransition(() => {
      setFromReply(reply.answers);
      setCheckingQuiz(quizId);
    });
  }

  const round = wholeNumberOr(position.round, 1);
  const question = wholeNumberOr(position.question, 1);
  return (
    <div className="page operator">
      <h1>{t.tester.heading}</h1>
      <form
        className="inline-form card"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <Field label={t.tester.quizId} value={quizInput} onValue={setQuizInput} inputMode="numeric" />
        <button type="submit" className="button button--primary">
          {t.tester.check}
        </button>
        {checkingQuiz !== null && (
          <button type="button" className="button" onClick={() => setCheckingQuiz(null)}>
            {t.tester.stop}
          </button>
        )}
        <fieldset className="segmented">
          <legend className="visually-hidden">{t.tester.mode}</legend>
          {(['single', 'round'] as const).map((m) => (
            <label key={m} className={`chip ${mode === m ? 'chip--active' : ''}`}>
              <input
                type="radio"
                name="tester-mode"
                className="visually-hidden"
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              {m === 'single' ? t.tester.modeSingle : t.tester.modeRound}
            </label>
          ))}
        </fieldset>
      </form>
      {checkingQuiz !== null && (
        <>
          {quiz.status === 'failed' && (
            <p className="form-error" role="alert">
              {quiz.message}
            </p>
          )}
          {mode === 'single' ? (
            <SingleChecker
              quizId={checkingQuiz}
              quiz={quiz.status === 'loaded' ? quiz.value : null}
              answers={answers}
              teamName={teamName}
              onRated={onRated}
              position={position}
              onPosition={setPosition}
            />
          ) : (
            <RoundTable
              quiz={quiz.status === 'loaded' ? quiz.value : null}
              answers={answers}
              teamName={teamName}
              round={position.round}
              onRound={(r) => setPosition({ ...position, round: r })}
            />
          )}
          {isModerator && (
            <div className="grid-2">
              <RegexTool quizId={checkingQuiz} round={round} question={question} answers={answers} />
              <TeamSearch round={round} question={question} answers={answers} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
