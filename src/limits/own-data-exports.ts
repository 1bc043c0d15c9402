import { HOUR, minutesText, WindowCounter, type WindowLimit } from './window-counter';

/** A person looks at their data now and then; the log is read whole for each export (src/identity/own-data.ts). */
export const OWN_DATA_EXPORTS_PER_USER: WindowLimit = { max: 10, windowMs: HOUR };

export const OWN_DATA_EXPORT_TEXTS = {
  tooMany: (minutes: number) =>
    `Du hast deine Daten gerade oft heruntergeladen. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
} as const;

/** Exports of one's own data per user, in this process's memory: each reads the log, work of this process. */
export class OwnDataExportLimit {
  private readonly exports = new WindowCounter(OWN_DATA_EXPORTS_PER_USER);

  /** Counts an export of the user at `now`; the German refusal with the wait when they have made too many. */
  take(userId: string, now: number): string | null {
    if (this.exports.take(userId, now)) return null;
    return OWN_DATA_EXPORT_TEXTS.tooMany(this.exports.blockedMinutes(userId, now));
  }
}
