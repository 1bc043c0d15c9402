/**
 * When a player in another tab is called back (PROTOCOL.md wave 5): a question opening or a countdown
 * starting. Pure: the component feeds it what the global view says, one moment after the other.
 */
export interface AlertMoment {
  /** The global state code: qn, qa, qc or ma. */
  readonly state: string;
  /** The open question's position (`round/number`), or null. */
  readonly question: string | null;
  readonly countdownEndsAt: number | null;
}

export type AlertKind = 'question' | 'countdown';

/** What changed from `before` to `now` that calls the player back; null for nothing (or the first look). */
export function alertOf(before: AlertMoment | null, now: AlertMoment): AlertKind | null {
  if (before === null) return null;
  if (now.countdownEndsAt !== null && now.countdownEndsAt !== before.countdownEndsAt) return 'countdown';
  const open = now.state === 'qa' || now.state === 'qc';
  const wasOpen = before.state === 'qa' || before.state === 'qc';
  if (open && (!wasOpen || now.question !== before.question)) return 'question';
  return null;
}

/** The local storage key of the opt-in (per device). */
export const ALERT_SOUND_KEY = 'quiz-alert-sound';
