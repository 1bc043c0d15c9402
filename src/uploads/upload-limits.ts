import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { minutesText, WindowCounter, type WindowLimit } from '../limits/window-counter';

/**
 * Limits of the upload door (docs/decisions/hostile-crowd-auth.md): upload requests per user in a
 * window (counted in memory per process), and the bytes stored per owner (a team, or a user without
 * one), read from the uploads folder that every instance shares.
 */
export const UPLOADS_PER_USER: WindowLimit = { max: 30, windowMs: 10 * 60_000 };
/** A night's team picture, drawings, selfies and pause pictures take a few MB; 100 MB is years of them. */
export const UPLOAD_QUOTA_BYTES = 100 * 1024 * 1024;

export const UPLOAD_LIMIT_TEXTS = {
  tooMany: (minutes: number) => `Du hast gerade sehr viele Bilder hochgeladen. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  quota: `Euer Speicherplatz für Bilder ist voll (höchstens ${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB). Bitte wende dich an das Quiz-Team.`,
} as const;

export const UPLOAD_KINDS = ['team', 'question', 'user', 'show'] as const;

export class UploadLimits {
  private readonly requests = new WindowCounter(UPLOADS_PER_USER);

  constructor(private readonly uploadsDir: string, private readonly clock: () => number = Date.now) {}

  /** Counts an upload request of the user; the German reason when they have made too many. */
  request(userId: string): string | null {
    const blocked = this.requests.takeOrWait(userId, this.clock());
    return blocked > 0 ? UPLOAD_LIMIT_TEXTS.tooMany(blocked) : null;
  }

  /** The German reason when `incoming` more bytes would pass the owner's quota, else null. */
  async quotaRefusal(owner: string, incoming: number): Promise<string | null> {
    return (await this.storedBytes(owner)) + incoming > UPLOAD_QUOTA_BYTES ? UPLOAD_LIMIT_TEXTS.quota : null;
  }

  /** Bytes stored for the owner across every kind (<kind>/<owner>/<file>). */
  async storedBytes(owner: string): Promise<number> {
    let total = 0;
    for (const kind of UPLOAD_KINDS) {
      const dir = path.join(this.uploadsDir, kind, owner);
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) total += await stat(path.join(dir, name)).then((s) => s.size, () => 0);
    }
    return total;
  }
}
