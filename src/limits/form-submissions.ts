import type { SqlDatabase } from '../store/sql/sql-database';
import { SharedWindowCounter } from './shared-window-counter';
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

/**
 * Greetings and QR teams per address, in the write side's database (both go into the log: shared by
 * the instances on Postgres); every attempt counts (a refused one costs work too).
 */
export class FormLimits {
  private constructor(
    private readonly greetings: SharedWindowCounter,
    private readonly qrTeams: SharedWindowCounter,
    private readonly clock: () => number,
  ) {}

  static async open(db: SqlDatabase, clock: () => number = Date.now): Promise<FormLimits> {
    return new FormLimits(
      await SharedWindowCounter.open(db, 'greetings', GREETINGS_PER_ADDRESS),
      await SharedWindowCounter.open(db, 'qr-teams', QR_TEAMS_PER_ADDRESS),
      clock,
    );
  }

  /** Counts a greeting from the address; the German refusal with the wait when it has sent too many. */
  greeting(address: string): Promise<string | null> {
    return this.waitText(this.greetings, address, FORM_LIMIT_TEXTS.greetings);
  }

  /** Counts a QR team sign-up from the address; the German refusal with the wait when it has made too many. */
  qrTeam(address: string): Promise<string | null> {
    return this.waitText(this.qrTeams, address, FORM_LIMIT_TEXTS.qrTeams);
  }

  private async waitText(
    counter: SharedWindowCounter,
    address: string,
    text: (minutes: number) => string,
  ): Promise<string | null> {
    const wait = await counter.takeOrWait(address, this.clock());
    return wait > 0 ? text(wait) : null;
  }
}
