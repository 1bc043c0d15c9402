import { useState } from 'react';
import { Field } from '../../components/Field';
import { DEFAULT_COUNTDOWN_SECONDS } from '@live/rules/play-rules';
import { nextQuestionPosition } from '@live/state/queries';
import { isQuestionOpenInView } from '@live/views/view-rules';
import { wholeNumberOr, type Quiz } from '../../logic/quiz';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';
import { selectOperatorLists, teamNameOrPlaceholder } from '../operatorLists';
import { Facts, Panel, TimeLeft, useCommand, useNotify } from '../shared';
import { COUNTDOWN_PRESETS } from './countdownPresets';
import { countdownKey, HOTKEYS, Kbd, keyShortcut, useHotkey } from './hotkeys';
import { publishPoints } from './publish';
import { FavouriteCountLine, NextQuestionPreview } from './HostEye';

export { COUNTDOWN_PRESETS };

/** Quiz, round and number to start or reset, the start button and the reset menu (mhr). */
function PositionForm({ quizInput, onQuizInput }: { quizInput: string; onQuizInput(value: string): void }) {
  const moderator = useAppSelector((s) => s.live.views.moderator);
  const send = useCommand();
  const [round, setRound] = useState(String(moderator?.currentRound ?? 1));
  const [number, setNumber] = useState(String(moderator?.currentQuestion ?? 1));
  const position = { quiz: quizInput.trim(), round: wholeNumberOr(round, 1), question: wholeNumberOr(number, 1) };

  function reset() {
    if (!window.confirm(t.control.resetConfirm)) return;
    void send('mhr', position);
  }

  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send('ma', position);
      }}
    >
      <Field label={t.control.quizInput} value={quizInput} onValue={onQuizInput} inputMode="numeric" />
      <Field label={t.operator.round} value={round} onValue={setRound} type="number" min={1} />
      <Field label={t.operator.question} value={number} onValue={setNumber} type="number" min={1} />
      <button type="submit" className="button button--primary">
        {t.control.start}
      </button>
      <details className="menu">
        <summary className="button">{t.control.resetMenu}</summary>
        <div className="menu__body">
          <button type="button" className="button button--danger button--small" onClick={reset}>
            {t.control.resetTo(position.quiz, position.round, position.question)}
          </button>
        </div>
      </details>
    </form>
  );
}

/** Next question: number + 1, else question 1 of the next round; only in state qn. */
function NextQuestionButton({ quiz }: { quiz: Quiz | null }) {
  const global = useAppSelector(selectGlobal);
  const moderator = useAppSelector((s) => s.live.views.moderator);
  const send = useCommand();
  const notify = useNotify();
  const next = quiz
    ? nextQuestionPosition(quiz.content, moderator?.currentRound ?? 0, moderator?.currentQuestion ?? 0)
    : null;

  function start() {
    if (isQuestionOpenInView(global)) return notify(t.control.nextActive);
    if (!quiz || !next) return notify(t.operator.noFurtherQuestion);
    void send('ma', { quiz: quiz.id, round: next.round, question: next.number });
  }

  useHotkey(HOTKEYS.next, start);
  return (
    <button
      type="button"
      className="button button--primary button--large"
      aria-keyshortcuts={keyShortcut(HOTKEYS.next)}
      onClick={start}
    >
      {t.control.next}
      {next ? ` (${t.control.nextIs(next.round, next.number)})` : ''}
      <Kbd hotkey={HOTKEYS.next} />
    </button>
  );
}

/** A button with its hotkey: the key runs the button's own action. */
function HotkeyButton({
  hotkey,
  className,
  onPress,
  children,
}: {
  hotkey: string;
  className: string;
  onPress(): void;
  children: string;
}) {
  useHotkey(hotkey, onPress);
  return (
    <button type="button" className={className} aria-keyshortcuts={keyShortcut(hotkey)} onClick={onPress}>
      {children}
      <Kbd hotkey={hotkey} />
    </button>
  );
}

/** mp for the running quiz (as the points page's Veröffentlichen does), key P. */
function PublishButton({ quizId }: { quizId: string | null }) {
  const send = useCommand();
  const notify = useNotify();
  const publish = () => (quizId === null ? notify(t.control.noQuizToPublish) : void publishPoints(send, quizId));
  return (
    <HotkeyButton hotkey={HOTKEYS.publish} className="button" onPress={publish}>
      {t.control.publish}
    </HotkeyButton>
  );
}

/** Countdown presets, a custom value (default 60) and stop (mn). */
function CountdownControls() {
  const global = useAppSelector(selectGlobal);
  const send = useCommand();
  const notify = useNotify();
  const [custom, setCustom] = useState(String(DEFAULT_COUNTDOWN_SECONDS));

  function countdown(time: number) {
    if (!isQuestionOpenInView(global)) return notify(t.control.countdownInactive);
    void send('mc', { time });
  }

  return (
    <div className="stack stack--tight">
      <div role="group" aria-label={t.control.countdownGroup} className="button-row">
        {COUNTDOWN_PRESETS.map((s, i) => (
          <HotkeyButton key={s} hotkey={countdownKey(i)} className="button button--small" onPress={() => countdown(s)}>
            {t.control.countdownSeconds(s)}
          </HotkeyButton>
        ))}
      </div>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          countdown(wholeNumberOr(custom, DEFAULT_COUNTDOWN_SECONDS));
        }}
      >
        <Field label={t.control.countdownCustom} value={custom} onValue={setCustom} type="number" min={1} />
        <button type="submit" className="button">
          {t.control.countdownSend}
        </button>
        <HotkeyButton hotkey={HOTKEYS.end} className="button button--danger" onPress={() => void send('mn')}>
          {t.control.stop}
        </HotkeyButton>
      </form>
    </div>
  );
}

/** Quizzle: the offered answer with accept (mr) and reject (mq); nothing more once accepted. */
function QuizzlePanel() {
  const offer = useAppSelector((s) => s.live.views.moderator?.quizzleAnswer ?? null);
  const status = useAppSelector((s) => selectGlobal(s)?.quizzle ?? 'init');
  const lists = useAppSelector(selectOperatorLists);
  const send = useCommand();
  const accepted = status === 'accepted';
  const teamName = offer ? (offer.teamName ?? teamNameOrPlaceholder(lists, offer.team)) : '';
  return (
    <div className="quizzle-offer" aria-live="polite">
      <h3>{t.control.quizzleHeading}</h3>
      {offer ? (
        <>
          <p className="quizzle-offer__answer">
            {offer.answer || t.placeholders.emptyAnswer}{' '}
            <span className="muted">{t.control.quizzleFrom(teamName)}</span>
          </p>
          {accepted ? (
            <p className="success">{t.control.quizzleAccepted}</p>
          ) : (
            <div className="button-row">
              <button type="button" className="button button--primary" onClick={() => void send('mr')}>
                {t.control.quizzleAccept}
              </button>
              <button type="button" className="button button--danger" onClick={() => void send('mq')}>
                {t.control.quizzleReject}
              </button>
            </div>
          )}
        </>
      ) : (
        <p className="muted">{accepted ? t.control.quizzleAccepted : t.control.quizzleNone}</p>
      )}
    </div>
  );
}

/** The current-question panel of the control page. */
export function CurrentQuestionPanel({
  quiz,
  quizInput,
  onQuizInput,
  quizProblem,
}: {
  quiz: Quiz | null;
  quizInput: string;
  onQuizInput(value: string): void;
  quizProblem: string | null;
}) {
  const global = useAppSelector(selectGlobal);
  const moderator = useAppSelector((s) => s.live.views.moderator);
  const question = global?.question ?? null;
  const state = global?.state ?? 'qn';
  const runningQuiz = moderator?.currentQuiz ?? null;
  return (
    <Panel title={t.control.currentHeading} className="control-current">
      <Facts
        items={[
          [t.operator.quiz, String(moderator?.currentQuiz ?? '–')],
          [t.operator.round, String(moderator?.currentRound ?? '–')],
          [t.operator.question, String(moderator?.currentQuestion ?? '–')],
          [
            t.operator.state,
            <span key="s" className={`state state--${state}`}>
              {t.operator.states[state] ?? state} ({state})
            </span>,
          ],
          [t.control.uberMode, global?.uberModus ?? '–'],
          [t.control.timeLeft, <TimeLeft key="t" />],
          [t.control.category, question?.category || '–'],
        ]}
      />
      {question ? (
        <div className="current-question" role="group" aria-label={t.control.askedNow}>
          <p className="current-question__text">{question.question}</p>
          {moderator?.answer && (
            <p>
              <strong>{t.control.answer}:</strong> {moderator.answer}
            </p>
          )}
        </div>
      ) : (
        <p className="muted">{t.control.noQuestion}</p>
      )}
      <FavouriteCountLine />
      <NextQuestionPreview quiz={quiz} />
      {quizProblem && (
        <p className="form-error" role="alert">
          {quizProblem}
        </p>
      )}
      <div className="button-row">
        <NextQuestionButton quiz={quiz} />
        <PublishButton quizId={runningQuiz === null ? (quiz?.id ?? null) : String(runningQuiz)} />
      </div>
      <CountdownControls />
      <PositionForm
        key={`${moderator?.currentRound}-${moderator?.currentQuestion}`}
        quizInput={quizInput}
        onQuizInput={onQuizInput}
      />
      {question?.type === 'quizzle' && <QuizzlePanel />}
    </Panel>
  );
}
