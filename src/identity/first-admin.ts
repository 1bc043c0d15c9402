import { randomUUID } from 'node:crypto';
import type { Draft, QuizShowEvent } from '../../events';
import { encodeEvent } from '../../events/codec';
import type { EventStore } from '../store/event-store';
import { nameBasedUuid } from '../store/event-ids';
import type { Credentials } from './credentials';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

export const FIRST_ADMIN_LOGIN = 'admin';
export const FIRST_ADMIN_ROLES = ['admin', 'moderator', 'tester'] as const;
/** In DATA_DIR: where a generated first password is left when the log is JSON and no terminal shows it. */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password';

export type FirstAdminOutcome = { created: true; userId: string; password: string; generated: boolean } | { created: false; userId: string; passwordReset: boolean };

/**
 * Makes sure the user `admin` exists. On first start it is created with ADMIN_PASSWORD, or with a
 * generated password that the caller shows once. Later starts leave the password alone (a password
 * changed in the app stays), unless `reset` (ADMIN_PASSWORD_RESET=true): then a differing stored one is
 * replaced by ADMIN_PASSWORD, the operator's way back in.
 */
export async function ensureFirstAdmin(credentials: Credentials, events: EventStore, adminPassword: string | null, now: number, reset = false): Promise<FirstAdminOutcome> {
  const existing = await credentials.findByLogin(FIRST_ADMIN_LOGIN);
  if (existing) {
    await recordRegistration(events, existing.userId, now);
    const replace = reset && adminPassword !== null && !(await verifyPassword(existing.passwordHash, adminPassword));
    if (replace) {
      await credentials.setPassword(existing.userId, await hashPassword(adminPassword));
      await recordPasswordReset(events, existing.userId, now); // tokens issued before end (a stolen one too)
    }
    return { created: false, userId: existing.userId, passwordReset: replace };
  }
  const userId = randomUUID();
  const password = adminPassword ?? generatePassword();
  if (!(await credentials.create(userId, FIRST_ADMIN_LOGIN, await hashPassword(password)))) {
    // Another process created it at the same moment.
    return ensureFirstAdmin(credentials, events, adminPassword, now, reset);
  }
  await recordRegistration(events, userId, now);
  return { created: true, userId, password, generated: adminPassword === null };
}

async function recordPasswordReset(events: EventStore, userId: string, now: number): Promise<void> {
  await appendSystemEvent(events, userId, `first-admin-reset:${userId}:${now}`, now, { type: 'UserPasswordChanged', version: 1, data: { userId } });
}

/** Idempotent: appending the registration again (after a crash in between) adds nothing. */
async function recordRegistration(events: EventStore, userId: string, now: number): Promise<void> {
  await appendSystemEvent(events, userId, `first-admin:${userId}`, now, {
    type: 'UserRegistered',
    version: 1,
    data: { userId, login: FIRST_ADMIN_LOGIN, name: FIRST_ADMIN_LOGIN, email: null, roles: [...FIRST_ADMIN_ROLES] },
  });
}

/** Appends the event to the user's stream as the server's own (no actor), its id derived from the command id. */
async function appendSystemEvent(events: EventStore, userId: string, commandId: string, now: number, draft: Draft<QuizShowEvent>): Promise<void> {
  const event = {
    ...draft,
    metadata: { eventId: nameBasedUuid(commandId, 0), commandId, correlationId: commandId, causationId: commandId, actor: { userId: null, roles: [] }, recordedAt: now },
  } as QuizShowEvent;
  await events.append(`user-${userId}`, [encodeEvent(event)], 'any');
}
