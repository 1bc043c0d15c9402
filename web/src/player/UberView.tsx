import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { HttpError, upload } from '../api/http';
import type { DrawingCanvasHandle } from '../components/DrawingCanvas';
import { DrawingCanvas } from '../components/DrawingCanvasOnDemand';
import { Field, FormError } from '../components/Field';
import { OperatorHtml } from '../components/OperatorHtml';
import { UploadArea } from '../components/UploadArea';
import { pauseUploadNameMissing } from '@live/rules/forms';
import { useAppSelector } from '../store';
import { selectGlobal, selectTeam, selectUser } from '../store/selectors';
import { t } from '../texts';
import { QuestionArea } from './questions/QuestionArea';
import { onDemand } from '../onDemand';

/** "Unsere Antworten", in its own chunk: loaded once the team has an ended question. */
const OurAnswers = onDemand(() => import('./OurAnswers'), 'OurAnswers');

function TeamHistory() {
  const ended = useAppSelector((s) => (selectTeam(s)?.history.length ?? 0) > 0);
  return ended ? <OurAnswers /> : null;
}

/** quiz-single: the player's points of the night's published rounds (none shown before). */
function SinglePoints() {
  const points = useAppSelector((s) => selectUser(s)?.points ?? null);
  return points === null ? null : <p className="card single-points">{t.history.singlePoints(points)}</p>;
}
import { FIELD_MAXIMA } from '@live/rules/field-limits';

/** A server-sent HTML message replaces the default text of pre, pause, post, painting and instruction. */
function UberText({ fallback }: { fallback: string }) {
  const message = useAppSelector((s) => selectGlobal(s)?.uberMessage);
  if (message) return <OperatorHtml html={message} />;
  return <p className="lead">{fallback}</p>;
}

function PauseView() {
  const canvas = useRef<DrawingCanvasHandle>(null);
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pauseUploadNameMissing(fileName)) return setError(t.uber.pauseNameMissing);
    const blob = await canvas.current?.toPng();
    if (!blob) return;
    try {
      await upload('user', [blob], { fileName, single: true });
      setError(null);
      setInfo(t.uber.pauseUploaded(fileName));
    } catch (err) {
      setError(err instanceof HttpError && err.detail ? err.detail : t.upload.saveFailed);
    }
  }

  return (
    <section className="card uber">
      <UberText fallback={t.uber.pause} />
      <DrawingCanvas ref={canvas} />
      <form className="inline-form" onSubmit={submit} noValidate>
        <Field
          label={t.uber.pauseFileName}
          value={fileName}
          onValue={setFileName}
          maxLength={FIELD_MAXIMA.uploadLabel}
        />
        <button type="submit" className="button button--primary">
          {t.uber.pauseSend}
        </button>
      </form>
      <FormError message={error} />
      {info && (
        <p className="success" role="status">
          {info}
        </p>
      )}
      {/* The chosen picture goes up under the same resolution / file name as the drawing (kind user needs one). */}
      <UploadArea
        kind="user"
        fileName={fileName}
        problem={() => (pauseUploadNameMissing(fileName) ? t.uber.pauseNameMissing : null)}
        onUploaded={() => {
          setError(null);
          setInfo(t.uber.pauseUploaded(fileName));
        }}
      />
    </section>
  );
}

/** One view by the global mode (uberModus): quiz, quiz-single, instruction, pause, post, pre, painting. */
export function UberView() {
  const modus = useAppSelector((s) => selectGlobal(s)?.uberModus ?? 'quiz');
  switch (modus) {
    case 'pre':
      return (
        <section className="card uber uber--pre">
          <p className="uber__kicker" aria-hidden="true">
            {t.uber.preKicker}
          </p>
          <UberText fallback={t.uber.pre} />
        </section>
      );
    case 'pause':
      return <PauseView />;
    case 'post':
      return (
        <section className="card uber">
          <UberText fallback={t.uber.post} />
          <Link href="/next" className="button">
            {t.uber.postLink}
          </Link>
        </section>
      );
    case 'painting':
      return (
        <section className="card uber">
          <h2>{t.uber.paintingHeading}</h2>
          <UberText fallback={t.uber.paintingHint} />
        </section>
      );
    case 'instruction':
      return (
        <section className="card uber">
          <UberText fallback={t.uber.instruction} />
        </section>
      );
    case 'quiz-single':
      return (
        <>
          <p className="muted">{t.uber.quizSingle}</p>
          <SinglePoints />
          <QuestionArea single />
        </>
      );
    default:
      return (
        <>
          <QuestionArea single={false} />
          <TeamHistory />
        </>
      );
  }
}
