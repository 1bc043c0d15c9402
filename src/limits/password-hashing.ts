import type { Request } from 'express';
import { HOUR, WindowCounter, type WindowLimit } from './window-counter';

/**
 * What each user may have hashed, counted per process (PROTOCOL.md, wave 3; the numbers and why:
 * docs/decisions/hostile-crowd-limits.md). Each of these costs an argon2 hash, 5-60 ms of a core, by
 * machine: they protect the process's own threads, so each process counts its own.
 */
/** Nobody plays in more than a few teams a night; a typo in the name costs an attempt too. */
export const TEAMS_CREATED_PER_USER: WindowLimit = { max: 5, windowMs: HOUR };
/** A password is changed once, maybe twice after a typo. */
export const PASSWORD_CHANGES_PER_USER: WindowLimit = { max: 5, windowMs: HOUR };

/**
 * Accounts an admin erases (each try verifies the admin's password): a stolen token and password
 * still cannot empty the show in one go (docs/decisions/operator-accounts.md).
 */
export const ERASURES_PER_ADMIN: WindowLimit = { max: 10, windowMs: HOUR };

/** A team changes its password (gpw) after a leak, maybe twice after a typo: each change costs two argon2 runs. */
export const TEAM_PASSWORD_CHANGES_PER_USER: WindowLimit = { max: 5, windowMs: HOUR };

export const HASHING_LIMIT_TEXTS = {
  teams: 'Du hast gerade zu viele Teams angelegt. Bitte versuche es später noch einmal.',
  erasures: 'Du hast gerade zu viele Konten gelöscht. Bitte versuche es in einer Stunde noch einmal.',
  passwords: 'Du hast dein Passwort gerade zu oft geändert. Bitte versuche es später noch einmal.',
  teamPasswords: 'Du hast das Team-Passwort gerade zu oft geändert. Bitte versuche es später noch einmal.',
} as const;

/**
 * The hashing limits per user, in this process's memory. Each method counts one for the user unless
 * they have used up their window, and answers the German refusal then (else null).
 */
export class HashingLimits {
  private readonly teamCreations = new WindowCounter(TEAMS_CREATED_PER_USER);
  /** A user's own password changes and erasures of their own account (each verifies and hashes a password). */
  private readonly passwordChanges = new WindowCounter(PASSWORD_CHANGES_PER_USER);
  /** Other people's accounts each admin erases (each try verifies the admin's password). */
  private readonly erasures = new WindowCounter(ERASURES_PER_ADMIN);
  private readonly teamPasswordChanges = new WindowCounter(TEAM_PASSWORD_CHANGES_PER_USER);

  constructor(private readonly clock: () => number = Date.now) {}

  teamCreation(userId: string): string | null {
    return this.teamCreations.take(userId, this.clock()) ? null : HASHING_LIMIT_TEXTS.teams;
  }

  passwordChange(userId: string): string | null {
    return this.passwordChanges.take(userId, this.clock()) ? null : HASHING_LIMIT_TEXTS.passwords;
  }

  erasure(adminId: string): string | null {
    return this.erasures.take(adminId, this.clock()) ? null : HASHING_LIMIT_TEXTS.erasures;
  }

  teamPasswordChange(userId: string): string | null {
    return this.teamPasswordChanges.take(userId, this.clock()) ? null : HASHING_LIMIT_TEXTS.teamPasswords;
  }
}

/** The request header that brings back the ticket of an appointment with the hashing queue (src/identity/hashing-queue.ts). */
export const QUEUE_TICKET_HEADER = 'x-queue-ticket';

/**
 * The ticket a request brings back, or undefined: a header of 1 to 64 URL-safe characters (a socket's
 * tickets hold a colon, so a header can never take a socket's place in line).
 */
export function queueTicket(request: Request): string | undefined {
  const value = request.headers[QUEUE_TICKET_HEADER];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}
