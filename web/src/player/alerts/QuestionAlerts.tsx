import { useEffect, useId, useRef, useState } from 'react';
import { browserStorage } from '../../browserStorage';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts';
import { ALERT_SOUND_KEY, alertOf, type AlertKind, type AlertMoment } from './alertRules';

/** A short beep made on the spot (no sound file): 880 Hz for 0.2 s, quietly. */
function beep(context: AudioContext): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = 880;
  gain.gain.value = 0.15;
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + 0.2);
}

function soundWanted(): boolean {
  return browserStorage('localStorage')?.getItem(ALERT_SOUND_KEY) === 'on';
}

/**
 * Calls the player back while the page is hidden: the title says what happened (until they return)
 * and, where they switched it on for this device, a short sound and a vibration.
 */
function useQuestionAlerts(sound: boolean): void {
  const global = useAppSelector(selectGlobal);
  const moment: AlertMoment | null = global
    ? {
        state: global.state,
        question: global.question ? `${global.question.round}/${global.question.number}` : null,
        countdownEndsAt: global.countdownEndsAt,
      }
    : null;
  const before = useRef<AlertMoment | null>(null);
  const originalTitle = useRef<string | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const key = moment ? `${moment.state}|${moment.question}|${moment.countdownEndsAt}` : null;

  useEffect(() => {
    if (!moment) return;
    const kind: AlertKind | null = alertOf(before.current, moment);
    before.current = moment;
    if (kind === null || document.visibilityState !== 'hidden') return;
    originalTitle.current ??= document.title;
    document.title = `${t.alerts.title[kind]} – ${originalTitle.current}`;
    if (!sound) return;
    try {
      audio.current ??= new AudioContext();
      beep(audio.current);
    } catch {
      // No sound where the browser has none (or refuses it): the title and vibration still call.
    }
    navigator.vibrate?.([200, 100, 200]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the moment is what `key` names
  }, [key, sound]);

  useEffect(() => {
    const cleared = () => {
      if (document.visibilityState !== 'visible' || originalTitle.current === null) return;
      document.title = originalTitle.current;
      originalTitle.current = null;
    };
    document.addEventListener('visibilitychange', cleared);
    return () => document.removeEventListener('visibilitychange', cleared);
  }, []);
}

/** The alerts of the player screen with their opt-in: sound and vibration, off by default, remembered on this device. */
export function QuestionAlerts() {
  const [sound, setSound] = useState(soundWanted);
  const id = useId();
  useQuestionAlerts(sound);
  return (
    <div className="alert-toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={sound}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setSound(e.target.checked);
          browserStorage('localStorage')?.setItem(ALERT_SOUND_KEY, e.target.checked ? 'on' : 'off');
        }}
      />
      <label htmlFor={id}>{t.alerts.toggle}</label>
      <small id={`${id}-hint`} className="hint">
        {t.alerts.hint}
      </small>
    </div>
  );
}
