import { randomUUID } from 'node:crypto';
import type { QuizShowEvent } from '../../events';
import { encodeEvent } from '../../events/codec';
import type { EventStore } from '../store/event-store';
import { nameBasedUuid } from '../store/event-ids';
import type { Credentials } from './credentials';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

export const FIRST_ADMIN_LOGIN = 'admin';
export const FIRST_ADMIN_ROLES = ['admin', 'moderator', 'tester'] as const;

export type FirstAdminOutcome =
  | { created: true; userId: string; password: string; generated: boolean }
  | { created: false; userId: string; passwordReset: boolean };

/**
 * Makes sure the user `admin` exists. On first start it is created with ADMIN_PASSWORD, or with a
 * generated password that the caller prints once. When ADMIN_PASSWORD is set and differs from the
 * stored one, the stored one is replaced: the operator's way back in.
 */
export async function ensureFirstAdmin(
  credentials: Credentials,
  events: EventStore,
  adminPassword: string | null,
  now: number,
): Promise<FirstAdminOutcome> {
  const existing = await credentials.findByLogin(FIRST_ADMIN_LOGIN);
  if (existing) {
    await recordRegistration(events, existing.userId, now);
    const reset = adminPassword !== null && !(await verifyPassword(existing.passwordHash, adminPassword));
    if (reset) await credentials.setPassword(existing.userId, await hashPassword(adminPassword));
    return { created: false, userId: existing.userId, passwordReset: reset };
  }
  const userId = randomUUID();
  const password = adminPassword ?? generatePassword();
  if (!(await credentials.create(userId, FIRST_ADMIN_LOGIN, await hashPassword(password)))) {
    // Another process created it at the same moment.
    return ensureFirstAdmin(credentials, events, adminPassword, now);
  }
  await recordRegistration(events, userId, now);
  return { created: true, userId, password, generated: adminPassword === null };
}

/** Idempotent: appending the registration again (after a crash in between) adds nothing. */
async function recordRegistration(events: EventStore, userId: string, now: number): Promise<void> {
  const commandId = `first-admin:${userId}`;
  const registered: QuizShowEvent = {
    type: 'UserRegistered',
    version: 1,
    data: { userId, login: FIRST_ADMIN_LOGIN, name: FIRST_ADMIN_LOGIN, email: null, roles: [...FIRST_ADMIN_ROLES] },
    metadata: { eventId: nameBasedUuid(commandId, 0), commandId, actor: { userId: null, roles: [] }, recordedAt: now },
  };
  await events.append(`user-${userId}`, [encodeEvent(registered)], 'any');
}
