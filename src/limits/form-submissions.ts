import { HOUR, minutesText, type WindowLimit } from './window-counter';

/**
 * The anonymous forms (greetings, QR team sign-up) per address (PROTOCOL.md, wave 3; the numbers and
 * why: docs/decisions/hostile-crowd-limits.md). Both go into the immutable log, so a script must not
 * fill it; a venue's guests share one address, so the numbers leave room for a full pub.
 */
export const GREETINGS_PER_ADDRESS: WindowLimit = { max: 20, windowMs: HOUR };
export const QR_TEAMS_PER_ADDRESS: WindowLimit = { max: 30, windowMs: HOUR };

/** With the wait: "gleich noch einmal" would be wrong when it is an hour. */
export const FORM_LIMIT_TEXTS = {
  greetings: (minutes: number) =>
    `Von deinem Anschluss kamen gerade zu viele Grüße. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  qrTeams: (minutes: number) =>
    `Von deinem Anschluss wurden gerade zu viele Teams angemeldet. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
} as const;
