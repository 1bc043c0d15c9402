import { FINALE_OUT_OF_POINTS_TEXT, playableInSingleMode, takesPartInFinale } from '@live/rules/play-rules';
import { NO_PROPOSALS_MESSAGE } from '@live/rules/lock-in';
import { isQuestionOpenInView } from '@live/views/view-rules';
import { config } from '../../config';
import { CountdownBox } from '../../components/Countdown';
import { OperatorHtml } from '../../components/OperatorHtml';
import type { QuestionView as Question } from '../../realtime/views';
import { useAppSelector } from '../../store';
import { selectGlobal, selectTeam, selectUser } from '../../store/selectors';
import { t } from '../../texts';
import { ProposalList } from '../ProposalList';
import { AbcdQuestion } from './AbcdQuestion';
import { AnswerForm } from './AnswerForm';
import { HealDealQuestion } from './HealDealQuestion';
import { DrawingQuestion, SelfieQuestion } from './ImageQuestions';
import { QuizzleQuestion } from './QuizzleQuestion';
import { SchiffeQuestion } from './SchiffeQuestion';

function NoQuestion() {
  const global = useAppSelector(selectGlobal);
  const team = useAppSelector(selectTeam);
  const taken = team?.takenAnswer;
  return (
    <section className="card no-question" aria-live="polite">
      <h2>{t.question.none}</h2>
      {!taken && !global?.overviewMessage && <p className="muted">{t.question.noneHint}</p>}
      {global?.overviewMessage && <OperatorHtml html={global.overviewMessage} />}
      {global?.question?.answer !== undefined && (
        <div className="solution">
          <h3>{t.history.solution}</h3>
          <p className="solution__answer">{global.question.answer}</p>
        </div>
      )}
      {taken && (
        <div className="taken-answer">
          <h3>{t.question.takenAnswer}</h3>
          {taken.message === NO_PROPOSALS_MESSAGE ? (
            <p>{NO_PROPOSALS_MESSAGE}</p>
          ) : (
            <>
              <p className="taken-answer__message">{taken.message || t.placeholders.emptyAnswer}</p>
              <p className="taken-answer__author">{t.question.takenBy(taken.user ?? '')}</p>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function QuestionHeader({ question }: { question: Question }) {
  return (
    <header className="question__header">
      <div className="question__meta">
        {question.round !== undefined && question.number !== undefined && (
          <span>{t.question.heading(question.round, question.number)}</span>
        )}
        {question.category && <span className="badge">{question.category}</span>}
        {typeof question.points === 'number' && (
          <span className="badge badge--points">{t.question.points(question.points)}</span>
        )}
      </div>
      {question.question && <p className="question__text">{question.question}</p>}
    </header>
  );
}

function FinaleSingle() {
  // The player sees published points only (null before): unpublished, the server decides on sending.
  const points = useAppSelector((s) => selectUser(s)?.points ?? null);
  if (points !== null && !takesPartInFinale(points))
    return (
      <p className="card card--warning" role="alert">
        {FINALE_OUT_OF_POINTS_TEXT}
      </p>
    );
  return <AnswerForm mode="single" />;
}

function TeamAnswer({ question }: { question: Question }) {
  switch (question.type) {
    case 'normal':
      return (
        <>
          <AnswerForm mode="team" />
          <ProposalList />
        </>
      );
    case 'abcd':
      return (
        <>
          <AbcdQuestion question={question} single={false} />
          <ProposalList />
        </>
      );
    case 'quizzle':
      return <QuizzleQuestion />;
    case 'schiffe':
      return <SchiffeQuestion />;
    case 'selfie':
      return <SelfieQuestion />;
    case 'zeichnen':
      return <DrawingQuestion />;
    case 'heal_deal':
      return <HealDealQuestion />;
    case 'finale':
      return (
        <>
          <AnswerForm mode="team" />
          <ProposalList />
        </>
      );
    case 'instruction':
      return <img className="wide-image" src={config.instructionImage} alt={t.question.instructionAlt} />;
    default:
      return (
        <>
          <AnswerForm mode="team" />
          <ProposalList />
        </>
      );
  }
}

function SingleAnswer({ question }: { question: Question }) {
  if (!playableInSingleMode(question.type)) return <p className="card card--warning">{t.uber.quizSingle}</p>;
  switch (question.type) {
    case 'abcd':
      return <AbcdQuestion question={question} single />;
    case 'finale':
      return <FinaleSingle />;
    case 'instruction':
      return <img className="wide-image" src={config.instructionImage} alt={t.question.instructionAlt} />;
    default:
      return <AnswerForm mode="single" />;
  }
}

/**
 * The active question by type with the countdown box, or the "no question" view. During maintenance
 * an open question (its answer is not public yet) stays in view, read-only, under the maintenance banner.
 */
export function QuestionArea({ single }: { single: boolean }) {
  const global = useAppSelector(selectGlobal);
  const question = global?.question;
  const maintenance = global?.state === 'ma';
  if (!isQuestionOpenInView(global) || !question) return <NoQuestion />;
  const key = `${question.round ?? ''}/${question.number ?? ''}/${question.type}`;
  return (
    <section className={`card question question--${question.type}`} aria-labelledby="question-heading">
      <h2 id="question-heading" className="visually-hidden">
        {question.question ?? question.type}
      </h2>
      <QuestionHeader question={question} />
      {question.type !== 'quizzle' && (
        <div className="question__countdown">
          <CountdownBox />
        </div>
      )}
      <fieldset key={key} className="question__body" disabled={maintenance}>
        {single ? <SingleAnswer question={question} /> : <TeamAnswer question={question} />}
      </fieldset>
    </section>
  );
}
