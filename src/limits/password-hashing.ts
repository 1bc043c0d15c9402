import type { Request } from 'express';
import { HOUR, type WindowLimit } from './window-counter';

/**
 * What each user may have hashed over HTTP, counted per process (PROTOCOL.md, wave 3; the numbers and why:
 * docs/decisions/hostile-crowd-limits.md). Each of these costs an argon2 hash, 5-60 ms of a core, by machine.
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

export const HASHING_LIMIT_TEXTS = {
  teams: 'Du hast gerade zu viele Teams angelegt. Bitte versuche es später noch einmal.',
  erasures: 'Du hast gerade zu viele Konten gelöscht. Bitte versuche es in einer Stunde noch einmal.',
  passwords: 'Du hast dein Passwort gerade zu oft geändert. Bitte versuche es später noch einmal.',
} as const;

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
