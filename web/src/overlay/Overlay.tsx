/**
 * The stream overlay's picture: the open question with category and points and its countdown; between
 * questions the lock-in, the published ranking (top 10, rows sliding to their new places when it is
 * published again), the uber message and the join QR code, in the corner and at the scale of the
 * show's layout (OverlayPage.tsx mounts it; overlay.css draws it for 1920x1080).
 */
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState, type CSSProperties } from 'react';
import type { OverlayView } from '@live/views/overlay-view';
import { primaryColorOf, showLogoPath, showNameOf } from '@live/rules/show-settings';
import { OperatorHtml } from '../components/OperatorHtml';
import { formatSeconds, isUrgent, secondsLeft } from '../logic/countdown';
import { t } from '../texts';
import { joinUrl, rankingLayout, RANKING_ROW_PX, visibleParts } from './logic';

const T = t.overlay;

function useSecondsLeft(endsAt: number | null, length: number | null, offset: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  return secondsLeft(endsAt, now, offset, length);
}

function Countdown({ view, offset }: { view: OverlayView; offset: number }) {
  const seconds = useSecondsLeft(view.countdownEndsAt, view.timeLeft, offset);
  if (seconds === null) return null;
  return (
    <div
      className={`overlay-countdown ${isUrgent(seconds) ? 'overlay-countdown--urgent' : ''}`}
      role="timer"
      aria-label={T.countdown}
    >
      <span className="overlay-countdown__time" aria-label={T.seconds(seconds)}>
        {formatSeconds(seconds)}
      </span>
    </div>
  );
}

function QuestionPanel({ question }: { question: NonNullable<OverlayView['question']> }) {
  return (
    <section className="overlay-question" aria-label={T.question}>
      <div className="overlay-question__meta">
        <span className="overlay-question__category">{question.category}</span>
        <span>{`${T.questionOf(question.round, question.number)} · ${T.points(question.points)}`}</span>
      </div>
      <p className="overlay-question__text">{question.question}</p>
      {question.options.length > 0 && (
        <ol className="overlay-question__options" type="A">
          {question.options.map((option, i) => (
            <li key={i}>{option}</li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Ranking({ rows }: { rows: NonNullable<OverlayView['ranking']> }) {
  return (
    <section className="overlay-card" aria-label={T.ranking}>
      <h2 className="overlay-card__title">{T.ranking}</h2>
      <ol className="overlay-ranking" style={{ height: rows.length * RANKING_ROW_PX }}>
        {rankingLayout(rows).map((row) => (
          <li
            key={row.key}
            className="overlay-ranking__row"
            style={{ transform: `translateY(${row.offset}px)` }}
            aria-posinset={row.offset / RANKING_ROW_PX + 1}
            aria-setsize={rows.length}
          >
            <span className="overlay-ranking__rank" aria-label={T.rank(row.rank)}>{`${row.rank}.`}</span>
            <span className="overlay-ranking__name">{row.name}</span>
            <span className="overlay-ranking__total">{T.total(row.total)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Join({ origin }: { origin: string }) {
  const url = joinUrl(origin);
  return (
    <section className="overlay-card overlay-join" aria-label={T.join}>
      <QRCodeSVG value={url} size={168} marginSize={2} role="img" aria-label={T.joinQr} className="overlay-join__qr" />
      <div>
        <h2 className="overlay-card__title">{T.join}</h2>
        <p className="overlay-join__url">{new URL(url).host}</p>
      </div>
    </section>
  );
}

/** `origin`: the show's address (the page's own), which the join QR code opens. */
export function Overlay({ view, offset, origin }: { view: OverlayView; offset: number; origin: string }) {
  const parts = visibleParts(view);
  const logo = showLogoPath(view.look.logo);
  const style = {
    '--overlay-scale': view.layout.scale,
    '--overlay-primary': primaryColorOf(view.look),
  } as CSSProperties;
  const corner = parts.ranking || parts.qr;
  return (
    <div className="overlay" style={style} aria-label={T.label}>
      {(parts.question || parts.countdown) && (
        <div className="overlay-lower">
          {parts.question && view.question !== null && <QuestionPanel question={view.question} />}
          {parts.countdown && <Countdown view={view} offset={offset} />}
        </div>
      )}
      {parts.lockedIn && view.lockedIn !== null && (
        <div className="overlay-lower">
          <p className="overlay-locked" role="status">
            {T.lockedIn(view.lockedIn.round, view.lockedIn.number)}
          </p>
        </div>
      )}
      {parts.uber && view.uberMessage !== null && (
        <section className="overlay-uber" aria-label={T.message}>
          <OperatorHtml html={view.uberMessage} className="overlay-uber__html" />
        </section>
      )}
      {corner && (
        <div className={`overlay-corner overlay-corner--${view.layout.corner}`}>
          <div className="overlay-brand">
            {logo && <img className="overlay-brand__logo" src={logo} alt="" />}
            <span>{showNameOf(view.look)}</span>
          </div>
          {parts.ranking && view.ranking !== null && <Ranking rows={view.ranking} />}
          {parts.qr && <Join origin={origin} />}
        </div>
      )}
    </div>
  );
}
