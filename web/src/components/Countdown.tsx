import { useEffect, useState } from 'react';
import { formatSeconds, isUrgent, secondsLeft } from '../logic/countdown';
import { useAppSelector } from '../store';
import { selectGlobal } from '../store/selectors';
import { t } from '../texts';

/** Seconds left on the server clock, ticking every second; null without a countdown. */
export function useSecondsLeft(): number | null {
  const endsAt = useAppSelector((s) => selectGlobal(s)?.countdownEndsAt ?? null);
  const length = useAppSelector((s) => selectGlobal(s)?.timeLeft ?? null);
  const offset = useAppSelector((s) => s.live.serverOffsetMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [endsAt]);
  return secondsLeft(endsAt, now, offset, length);
}

/** Countdown box: time left if set; in state qc without an end instant the "delayed" note; otherwise "kein Countdown aktiv!". */
export function CountdownBox() {
  const state = useAppSelector((s) => selectGlobal(s)?.state);
  const seconds = useSecondsLeft();
  const urgent = isUrgent(seconds);
  return (
    <div
      className={`countdown ${urgent ? 'countdown--urgent' : ''} ${seconds !== null ? 'countdown--running' : ''}`}
      role="timer"
      aria-live="off"
    >
      {state === 'qc' && <span className="countdown__label">{t.countdown.label}</span>}
      {seconds !== null ? (
        <strong className="countdown__time" aria-label={`${seconds} ${t.countdown.seconds}`}>
          {formatSeconds(seconds)}
        </strong>
      ) : state === 'qc' ? (
        <span>{t.countdown.delayed}</span>
      ) : (
        <span className="countdown__none">{t.countdown.none}</span>
      )}
    </div>
  );
}
