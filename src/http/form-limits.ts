import { WindowCounter, type WindowLimit } from '../limits/window-counter';

/**
 * The anonymous forms (greetings, QR team sign-up) per address (PROTOCOL.md, wave 3; the numbers and
 * why: docs/decisions/hostile-crowd-limits.md). Both go into the immutable log, so a script must not
 * fill it; a venue's guests share one address, so the numbers leave room for a full pub.
 */
const HOUR = 60 * 60_000;
export const GREETINGS_PER_ADDRESS: WindowLimit = { max: 20, windowMs: HOUR };
export const QR_TEAMS_PER_ADDRESS: WindowLimit = { max: 30, windowMs: HOUR };

export const FORM_LIMIT_TEXTS = {
  greetings: 'Von deinem Anschluss kamen gerade zu viele Grüße. Bitte versuche es später noch einmal.',
  qrTeams: 'Von deinem Anschluss wurden gerade zu viele Teams angemeldet. Bitte versuche es später noch einmal.',
} as const;

/** Counts every attempt (a refused one costs work too) of this process, per address. */
export class FormLimits {
  private readonly greetings = new WindowCounter(GREETINGS_PER_ADDRESS);
  private readonly qrTeams = new WindowCounter(QR_TEAMS_PER_ADDRESS);

  /** Counts a greeting; false when the address is beyond its limit. */
  greeting(address: string, now = Date.now()): boolean {
    return this.greetings.take(address, now);
  }

  qrTeam(address: string, now = Date.now()): boolean {
    return this.qrTeams.take(address, now);
  }
}
