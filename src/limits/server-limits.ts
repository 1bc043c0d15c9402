import type { SqlDatabase } from '../store/sql/sql-database';
import { AppendBudget } from './append-budget';
import { FormLimits } from './form-submissions';
import { LoginLimits, RegistrationLimit } from './logins-and-registrations';
import { OwnDataExportLimit } from './own-data-exports';
import { HashingLimits } from './password-hashing';
import { PasswordResetLimits } from './password-resets';
import { SharedWindowCounter } from './shared-window-counter';
import { TeamPasswordGuards } from './sockets-and-team-passwords';
import { UPLOADS_PER_USER, UploadLimits, type UploadLimitSettings } from './uploads';

/**
 * Every limit of a running server, each named by what it protects (docs/decisions/doors.md, "One home
 * for the limits"). They are made here and nowhere else: the composition root opens them once
 * (src/runtime.ts), Nest provides each under its class (src/app.module.ts), and whoever counts injects
 * the one it uses. Those that protect the log or the disk count in the write side's database, shared by
 * the instances on Postgres; those that protect a process's own work (hashing, exports) count in its memory.
 * The socket transport's caps (frames per socket, sockets per user and per address before `sa`) are
 * kept with the sockets they count (src/realtime/socket-sessions.ts), as each socket lives in one process.
 */
export interface ServerLimits {
  /** Failed logins per (name, address), per address and per known device; shared. */
  readonly logins: LoginLimits;
  /** Registrations per address; shared (each appends to the log). */
  readonly registrations: RegistrationLimit;
  /** Greetings and QR team sign-ups per address; shared (both go into the log). */
  readonly forms: FormLimits;
  /** Requests for a new password per address and per name typed, e-mails per account; shared. */
  readonly passwordResets: PasswordResetLimits;
  /** Wrong team passwords per user and per team; shared (a guesser spread over instances gets no more tries). */
  readonly teamPasswords: TeamPasswordGuards;
  /** Teams created, password changes, erasures and team password changes per user; per process (its hashing threads). */
  readonly hashing: HashingLimits;
  /** Exports of one's own data per user; per process (each reads the log). */
  readonly ownDataExports: OwnDataExportLimit;
  /** Upload requests per user, the bytes per owner and in all, the disk's floor; shared. */
  readonly uploads: UploadLimits;
  /** Bytes each player may append to the log per hour; shared. */
  readonly appendBudget: AppendBudget;
}

export interface ServerLimitSettings {
  /** The folder the uploaded files live in. */
  readonly uploadsDir: string;
  /** UPLOADS_MAX_BYTES and UPLOADS_MIN_FREE_BYTES. */
  readonly uploads: UploadLimitSettings;
  /** APPEND_BUDGET_BYTES (per player and hour). */
  readonly appendBudgetBytes: number;
}

/** Opens every limit on the write side's database (the append budget is started by the caller, src/runtime.ts). */
export async function openServerLimits(db: SqlDatabase, settings: ServerLimitSettings): Promise<ServerLimits> {
  return {
    logins: await LoginLimits.open(db),
    registrations: await RegistrationLimit.open(db),
    forms: await FormLimits.open(db),
    passwordResets: await PasswordResetLimits.open(db),
    teamPasswords: await TeamPasswordGuards.open(db),
    hashing: new HashingLimits(),
    ownDataExports: new OwnDataExportLimit(),
    uploads: await UploadLimits.open(
      db,
      settings.uploadsDir,
      settings.uploads,
      await SharedWindowCounter.open(db, 'uploads', UPLOADS_PER_USER),
    ),
    appendBudget: await AppendBudget.open(db, settings.appendBudgetBytes),
  };
}
