import { useEffect, useMemo, useRef, useState } from 'react';
import { Field } from '../../components/Field';
import { findQuestion, nextQuestionPosition } from '@live/state/queries';
import { NO_PROPOSALS_MESSAGE } from '@live/rules/lock-in';
import { questionValue, wholeNumberOr, type Quiz } from '../../logic/quiz';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';
import { Facts, Panel, TimeLeft, useNotify } from '../shared';
import {
  answerStatus,
  answersToCheck,
  currentAnswer,
  debounce,
  nextUncheckedPosition,
  ratingKey,
  RATING_VALUES,
  realTimers,
  skipOffset,
  SKIP_DEBOUNCE_MS,
  wrapOffset,
  type CheckerAnswer,
  type OffsetState,
} from './logic';
import { useRating } from './useRating';

export interface CheckerPosition {
  round: string;
  question: string;
}

interface SingleCheckerProps {
  quizId: string;
  quiz: Quiz | null;
  answers: readonly CheckerAnswer[];
  teamName(answer: CheckerAnswer): string;
  onRated(answer: CheckerAnswer): void;
  position: CheckerPosition;
  onPosition(position: CheckerPosition): void;
}

/** The answer under check, coloured by status (with the status in words for screen readers). */
function AnswerCard({
  answer,
  teamName,
  index,
  count,
}: {
  answer: CheckerAnswer;
  teamName: string;
  index: number;
  count: number;
}) {
  const status = answerStatus(answer);
  const noAnswers = answer.answer === NO_PROPOSALS_MESSAGE;
  return (
    <article className={`check-answer check-answer--${status}`} aria-live="polite">
      <header className="check-answer__head">
        <span>{t.tester.answerOf(teamName)}</span>
        <span className="badge">{t.tester.position(index + 1, count)}</span>
      </header>
      <p className="check-answer__text">
        {noAnswers ? t.tester.noAnswersGivenText : answer.answer || t.placeholders.emptyAnswer}
      </p>
      <p className="check-answer__meta">
        <strong>{t.tester.points(answer.points)}</strong> · {t.tester.status[status]}
      </p>
    </article>
  );
}

/** Why there is no correct answer to show: the quiz not loaded (yet), without content, or without this question. */
export function missingQuestionText(quiz: Quiz | null): string {
  if (!quiz) return t.placeholders.notLoaded;
  return quiz.content.length === 0 ? t.placeholders.quizNoContent : t.placeholders.noResult;
}

/** Single-answer checker: filters, wrapping offset, rating buttons and keys 0-6, +/-, like, skip/unskip. */
export function SingleChecker({ quizId, quiz, answers, teamName, onRated, position, onPosition }: SingleCheckerProps) {
  const notify = useNotify();
  const state = useAppSelector((s) => s.live.views.tester?.state ?? selectGlobal(s)?.state ?? 'qn');
  const [startFromTop, setStartFromTop] = useState(true);
  const [onlyUnchecked, setOnlyUnchecked] = useState(false);
  const [startOffset, setStartOffset] = useState('0');
  const [offsetState, setOffsetState] = useState<OffsetState>({ offset: 0, lastOffset: null });
  const offset = offsetState.offset;
  const round = wholeNumberOr(position.round, 1);
  const number = wholeNumberOr(position.question, 1);
  const list = useMemo(
    () => answersToCheck(answers, { round, question: number, onlyUnchecked }),
    [answers, round, number, onlyUnchecked],
  );
  const start = wholeNumberOr(startOffset, 0);
  const answer = currentAnswer(list, start, offset);
  const question = quiz ? findQuestion(quiz.content, round, number) : undefined;
  const { rate, busy } = useRating(onRated);

  function moveTo(next: CheckerPosition) {
    onPosition(next);
    setOffsetState((o) => ({ offset: startFromTop ? 0 : o.offset, lastOffset: null }));
  }

  function nextQuestion() {
    if (onlyUnchecked) {
      const next = quiz ? nextUncheckedPosition(quiz.content, answers, round, number) : null;
      if (!next) return notify(t.tester.noNextUnchecked);
      return moveTo({ round: String(next.round), question: String(next.number) });
    }
    const next = quiz ? nextQuestionPosition(quiz.content, round, number) : null;
    if (!next) return notify(t.operator.noFurtherQuestion);
    moveTo({ round: String(next.round), question: String(next.number) });
  }

  // Skip and unskip are debounced (50 ms); unskip first returns to the last offset.
  const skip = useMemo(
    () => debounce(() => setOffsetState((o) => skipOffset(o, 'skip')), SKIP_DEBOUNCE_MS, realTimers),
    [],
  );
  const unskip = useMemo(
    () => debounce(() => setOffsetState((o) => skipOffset(o, 'unskip')), SKIP_DEBOUNCE_MS, realTimers),
    [],
  );
  useEffect(
    () => () => {
      skip.cancel();
      unskip.cancel();
    },
    [skip, unskip],
  );

  async function rateValue(value: number) {
    if (!answer) return;
    const sent = await rate(answer, { kind: 'absolute', value, liked: answer.liked });
    // Without the unchecked filter the rated answer stays in the list: move on to the next one.
    if (sent && !onlyUnchecked) setOffsetState((o) => ({ offset: o.offset + 1, lastOffset: null }));
  }

  const rateRef = useRef(rateValue);
  rateRef.current = rateValue;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const value = ratingKey(e.key, e.target === document.body);
      if (value !== null) void rateRef.current(value);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Panel
      title={`${t.operator.quiz} ${quizId} · ${t.operator.round} ${round} · ${t.operator.question} ${number}`}
      className="checker"
    >
      <Facts
        items={[
          [t.operator.state, t.operator.states[state] ?? state],
          [t.tester.timer, <TimeLeft key="t" />],
        ]}
      />
      <div className="inline-form">
        <Field
          label={t.operator.round}
          type="number"
          min={1}
          value={position.round}
          onValue={(v) => moveTo({ ...position, round: v })}
        />
        <Field
          label={t.operator.question}
          type="number"
          min={1}
          value={position.question}
          onValue={(v) => moveTo({ ...position, question: v })}
        />
        <button type="button" className="button" onClick={nextQuestion}>
          {t.tester.nextQuestion}
        </button>
      </div>
      <div className="inline-form">
        <label className="checkbox">
          <input type="checkbox" checked={startFromTop} onChange={(e) => setStartFromTop(e.target.checked)} />{' '}
          {t.tester.startFromTop}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={onlyUnchecked} onChange={(e) => setOnlyUnchecked(e.target.checked)} />{' '}
          {t.tester.onlyUnchecked}
        </label>
        <Field label={t.tester.startOffset} type="number" value={startOffset} onValue={setStartOffset} />
        <Field
          label={t.tester.offset}
          type="number"
          value={String(list.length > 0 ? wrapOffset(offset, list.length) : 0)}
          onValue={(v) => setOffsetState({ offset: wholeNumberOr(v, 0), lastOffset: null })}
        />
      </div>
      <div className="correct-answer">
        <span className="muted">{t.tester.correctAnswer}</span>
        {question ? (
          <>
            <strong>{question.answer || t.placeholders.emptyAnswer}</strong>
            <span className="badge badge--points">{t.tester.maxPoints(questionValue(question))}</span>
          </>
        ) : (
          <strong>{missingQuestionText(quiz)}</strong>
        )}
      </div>
      {answer ? (
        <>
          <AnswerCard
            answer={answer}
            teamName={teamName(answer)}
            index={wrapOffset(start + offset, list.length)}
            count={list.length}
          />
          <div role="group" aria-label={t.tester.ratingGroup} className="rating-buttons">
            {RATING_VALUES.map((value) => (
              <button
                key={value}
                type="button"
                className={`rating-button ${answer.checked && answer.points === value ? 'is-current' : ''}`}
                disabled={busy}
                aria-label={t.tester.rate(value)}
                onClick={() => void rateValue(value)}
              >
                {value}
              </button>
            ))}
          </div>
          <div className="button-row">
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              aria-label={t.tester.minusLabel}
              onClick={() => void rate(answer, { kind: 'change', change: -1, checked: true, liked: answer.liked })}
            >
              {t.tester.minus}
            </button>
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              aria-label={t.tester.plusLabel}
              onClick={() => void rate(answer, { kind: 'change', change: 1, checked: true, liked: answer.liked })}
            >
              {t.tester.plus}
            </button>
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              aria-pressed={answer.liked}
              onClick={() =>
                void rate(answer, { kind: 'change', change: 0, checked: answer.checked, liked: !answer.liked })
              }
            >
              {answer.liked ? t.tester.unlike : t.tester.like}
            </button>
            <button type="button" className="button button--small" onClick={() => unskip()}>
              {t.tester.unskip}
            </button>
            <button type="button" className="button button--small" onClick={() => skip()}>
              {t.tester.skip}
            </button>
          </div>
        </>
      ) : (
        <p className="card card--warning" role="status">
          {t.tester.noneFits}
        </p>
      )}
    </Panel>
  );
}
