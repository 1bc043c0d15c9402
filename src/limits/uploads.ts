import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../../projections/live';
import { minutesText, type WindowLimit } from './window-counter';
import type { SharedWindowCounter } from './shared-window-counter';
import type { SqlDatabase } from '../store/sql/sql-database';
import { DiskFloor } from '../uploads/disk-floor';
import { RESERVATION_LEASE_MS, UploadLedger } from '../uploads/upload-ledger';

/**
 * Limits of the upload door (docs/decisions/hostile-crowd-second-round.md, "Uploads"): upload requests
 * per user in a window; the bytes each owner holds (a team, or a user: pause pictures and the uploads
 * of a user without a team); all uploads together (UPLOADS_MAX_BYTES); and the free space the disk
 * keeps (UPLOADS_MIN_FREE_BYTES). Bytes are reserved before they are written, while the request
 * streams in: a request's declared length is a hint, never trusted.
 */
export const UPLOADS_PER_USER: WindowLimit = { max: 30, windowMs: 10 * 60_000 };
/** A night's team picture, drawings, selfies and pause pictures take a few MB; 100 MB is years of them. */
export const UPLOAD_QUOTA_BYTES = 100 * 1024 * 1024;
/**
 * A user's own: pause pictures, and everything of a user without a team. Accounts are free, so each
 * new one must not bring a team's 100 MB: 20 MB is a few dozen phone photos.
 */
export const USER_UPLOAD_QUOTA_BYTES = 20 * 1024 * 1024;
/** Bytes reserved at a time while a request streams in. */
export const RESERVATION_STEP_BYTES = 1024 * 1024;
/**
 * An account with neither a team nor a role (a fresh one, which anyone can make): what one pause
 * picture of the largest size needs, with its request's framing and a reservation step
 * (docs/decisions/trust-third-round.md). Fresh accounts then drain the shared ceiling at 12 MiB each, not 20.
 */
export const TEAMLESS_UPLOAD_QUOTA_BYTES = 12 * 1024 * 1024;
/** Files per request, and the most bytes one request may bring (its files and the multipart framing). */
export const MAX_FILES_PER_UPLOAD = 10;
export const MAX_UPLOAD_REQUEST_BYTES = MAX_FILES_PER_UPLOAD * UPLOAD_MAX_BYTES + 64 * 1024;

export const UPLOAD_LIMIT_TEXTS = {
  tooMany: (minutes: number) =>
    `Du hast gerade sehr viele Bilder hochgeladen. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  quota: `Euer Speicherplatz für Bilder ist voll (höchstens ${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB). Bitte wende dich an das Quiz-Team.`,
  userQuota: `Dein Speicherplatz für Bilder ist voll (höchstens ${USER_UPLOAD_QUOTA_BYTES / 1024 / 1024} MB). Bitte wende dich an das Quiz-Team.`,
  teamlessQuota: `Dein Speicherplatz für Bilder ist voll (höchstens ${TEAMLESS_UPLOAD_QUOTA_BYTES / 1024 / 1024} MB, solange du in keinem Team bist). Bitte wende dich an das Quiz-Team.`,
  full: 'Der Speicherplatz für Bilder ist gerade voll. Bitte versuche es später noch einmal oder wende dich an das Quiz-Team.',
  tooManyFiles: `Bitte höchstens ${MAX_FILES_PER_UPLOAD} Bilder auf einmal hochladen.`,
} as const;

export const UPLOAD_KINDS = ['team', 'question', 'user', 'show'] as const;
/** Where a request's files are streamed (under the uploads folder: a rename moves them into place). */
export const INCOMING = '.incoming';

/** Whose bytes an upload counts against: a team, or a user (`teamless`: a user with neither a team nor a role, with the smaller share). */
export interface UploadOwner {
  id: string;
  kind: 'team' | 'user' | 'teamless';
}

/** The owner of an upload: the user for kinds user and show (the admin's logo) and for a user without a team, else their team. */
export function uploadOwnerOf(
  kind: string,
  user: { id: string; teamId: string | null; roles: readonly string[] },
): UploadOwner {
  if (kind !== 'user' && kind !== 'show' && user.teamId) return { id: user.teamId, kind: 'team' };
  return { id: user.id, kind: user.teamId || user.roles.length > 0 ? 'user' : 'teamless' };
}

const QUOTAS: Record<UploadOwner['kind'], { bytes: number; refusal: string }> = {
  team: { bytes: UPLOAD_QUOTA_BYTES, refusal: UPLOAD_LIMIT_TEXTS.quota },
  user: { bytes: USER_UPLOAD_QUOTA_BYTES, refusal: UPLOAD_LIMIT_TEXTS.userQuota },
  teamless: { bytes: TEAMLESS_UPLOAD_QUOTA_BYTES, refusal: UPLOAD_LIMIT_TEXTS.teamlessQuota },
};

/** An upload refused: the HTTP status and the German reason. */
export interface UploadRefusal {
  status: 413 | 429 | 507;
  detail: string;
}

export interface UploadLimitSettings {
  totalBytes: number;
  minFreeBytes: number;
}

export class UploadLimits {
  private constructor(
    private readonly ledger: UploadLedger,
    private readonly disk: DiskFloor,
    private readonly requests: SharedWindowCounter,
    readonly settings: UploadLimitSettings,
    private readonly clock: () => number,
  ) {}

  /**
   * At the start: `.incoming` is swept (embedded: everything in it, a crash's leftovers; on Postgres
   * another instance may be receiving into a shared folder: what is older than a lease) and the
   * stored bytes are counted into the ledger.
   */
  static async open(
    db: SqlDatabase,
    uploadsDir: string,
    settings: UploadLimitSettings,
    requests: SharedWindowCounter,
    clock: () => number = Date.now,
  ): Promise<UploadLimits> {
    const ledger = await UploadLedger.open(db, clock);
    const alone = db.kind === 'embedded';
    await sweepIncoming(path.join(uploadsDir, INCOMING), alone ? Infinity : clock() - RESERVATION_LEASE_MS);
    await ledger.recount(uploadsDir, UPLOAD_KINDS, alone);
    return new UploadLimits(ledger, new DiskFloor(uploadsDir, settings.minFreeBytes), requests, settings, clock);
  }

  /** Counts an upload request of the user; the refusal when they have made too many. */
  async request(userId: string): Promise<UploadRefusal | null> {
    const blocked = await this.requests.takeOrWait(userId, this.clock());
    return blocked > 0 ? { status: 429, detail: UPLOAD_LIMIT_TEXTS.tooMany(blocked) } : null;
  }

  /** A reservation for one request's bytes (nothing reserved yet). */
  reservation(owner: UploadOwner): UploadReservation {
    return new UploadReservation(this.ledger, this.disk, owner, this.settings.totalBytes);
  }

  /** Stored files were deleted (their names <kind>/<owner>/<file>, their sizes). */
  async freed(files: ReadonlyArray<{ name: string; size: number }>): Promise<void> {
    for (const { name, size } of files) {
      const owner = name.split('/')[1];
      if (owner) await this.ledger.freed(owner, size);
    }
  }

  /** Counts the folder into the ledger again (as at the start); false while uploads are under way. */
  recount(uploadsDir: string): Promise<boolean> {
    return this.ledger.recount(uploadsDir, UPLOAD_KINDS, false);
  }

  /** Bytes held by the owner, or by all uploads. */
  usage(ownerId?: string): Promise<number> {
    return this.ledger.usage(ownerId);
  }

  /** Reservations of processes that died mid-upload are given back. */
  sweepExpired(): Promise<void> {
    return this.ledger.sweepExpired();
  }
}

/** What one upload request has reserved: grown while its bytes arrive, settled when it ends. */
export class UploadReservation {
  private readonly id: string;
  private reserved = 0;
  private claimed = 0;
  private ended = false;

  constructor(
    private readonly ledger: UploadLedger,
    private readonly disk: DiskFloor,
    private readonly owner: UploadOwner,
    private readonly totalMax: number,
  ) {
    this.id = ledger.newReservation();
  }

  /**
   * Makes sure `bytes` in all are reserved for the request (a step more at a time); the refusal when
   * the owner's quota, all uploads' ceiling, the disk's floor or the request's own maximum is reached.
   */
  async grow(bytes: number): Promise<UploadRefusal | null> {
    if (bytes <= this.reserved) return null;
    if (bytes > MAX_UPLOAD_REQUEST_BYTES) return { status: 413, detail: UPLOAD_LIMIT_TEXTS.tooManyFiles };
    const step = Math.min(
      Math.max(bytes - this.reserved, RESERVATION_STEP_BYTES),
      MAX_UPLOAD_REQUEST_BYTES - this.reserved,
    );
    if (!(await this.disk.claim(step))) return { status: 507, detail: UPLOAD_LIMIT_TEXTS.full };
    const quota = QUOTAS[this.owner.kind];
    const refused = await this.ledger
      .reserve(this.id, this.owner.id, step, quota.bytes, this.totalMax)
      .catch(async (error: unknown) => {
        await this.disk.release(step);
        throw error;
      });
    if (refused) {
      await this.disk.release(step);
      if (refused === 'total') return { status: 507, detail: UPLOAD_LIMIT_TEXTS.full };
      return { status: 413, detail: quota.refusal };
    }
    this.reserved += step;
    this.claimed += step;
    return null;
  }

  /** The request ended with `stored` bytes in place (0: nothing stored); the rest of the reservation is given back. */
  async settle(stored: number): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    try {
      if (this.reserved > 0) await this.ledger.settle(this.id, stored);
    } finally {
      await this.disk.release(this.claimed);
    }
  }
}

/** Removes what a request left in `.incoming` (files last written before `before`). */
async function sweepIncoming(dir: string, before: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const modified = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (modified !== null && modified < before) await rm(file, { recursive: true, force: true });
  }
}
