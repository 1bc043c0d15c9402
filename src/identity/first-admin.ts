import { randomUUID } from 'node:crypto';
import type { Draft, QuizShowEvent } from '../../events';
import { encodeEvent } from '../../events/codec';
import type { LiveState } from '../../projections/live';
import { anyAdmin, CONSOLE_ACTOR, FIRST_ADMIN_ROLES } from '../commands';
import type { Engine } from '../engine/engine';
import type { EventStore } from '../store/event-store';
import { nameBasedUuid } from '../store/event-ids';
import { generatePassword } from './passwords';
import type { PasswordHasher } from './password-hasher';
import type { Credentials } from './credentials';
import { reservedLogin, runSecured } from './secured-command';

export const FIRST_ADMIN_LOGIN = 'admin';
export { FIRST_ADMIN_ROLES };
/** In DATA_DIR: where a generated first password is left when the log is JSON and no terminal shows it. */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password';

/**
 * `created`: this start made the first admin. Otherwise `userId` is the first admin's (null when the
 * log holds admins but not the one a start made, or that one is erased) and `passwordReset` says
 * whether ADMIN_PASSWORD_RESET replaced its password; `loginTaken`: no admin exists, but the login
 * `admin` is held by someone else (a log from before this rule): nobody was made admin.
 */
/** What making the first admin reaches: the running engine, the log, the logins. */
export interface FirstAdminParts {
  readonly engine: Engine;
  readonly events: EventStore;
  readonly credentials: Credentials;
  readonly hasher: PasswordHasher;
}

export type FirstAdminOutcome =
  | { created: true; userId: string; password: string; generated: boolean }
  | { created: false; userId: string | null; passwordReset: boolean; loginTaken?: true };

/**
 * The first admin exists once (docs/decisions/operator-accounts.md): it is made with ADMIN_PASSWORD,
 * or a generated password the caller shows once, only while the log holds no admin at all; never
 * granted to whoever holds the login `admin` (erasure frees logins; a player may take it). Later starts
 * leave passwords alone, unless `reset` (ADMIN_PASSWORD_RESET=true): then the first admin's password,
 * found by its user id in the log, becomes ADMIN_PASSWORD, the operator's way back in. Runs on the
 * running engine: the rule decides, so two instances starting at once make one admin.
 */
export async function ensureFirstAdmin(
  parts: FirstAdminParts,
  adminPassword: string | null,
  now: number,
  reset = false,
): Promise<FirstAdminOutcome> {
  const { engine, credentials, hasher } = parts;
  await engine.live.catchUp();
  if (!anyAdmin(engine.live.state)) {
    const made = await makeFirstAdmin(parts, adminPassword);
    if (made) return made;
    await engine.live.catchUp();
    if (!anyAdmin(engine.live.state)) return { created: false, userId: null, passwordReset: false, loginTaken: true };
  }
  const userId = await firstAdminId(parts.events, engine.live.state);
  if (!reset || adminPassword === null || userId === null) return { created: false, userId, passwordReset: false };
  const credential = await credentials.findByUserId(userId);
  if (!credential || (await hasher.verify(credential.passwordHash, adminPassword)))
    return { created: false, userId, passwordReset: false };
  await credentials.setPassword(userId, await hasher.hash(adminPassword));
  await recordPasswordReset(parts, userId, now); // tokens issued before end (a stolen one too)
  return { created: false, userId, passwordReset: true };
}

/** Null when the rule refused (an admin appeared meanwhile, or the login is taken). */
async function makeFirstAdmin(
  { engine, credentials, hasher }: FirstAdminParts,
  adminPassword: string | null,
): Promise<FirstAdminOutcome | null> {
  const userId = randomUUID();
  const password = adminPassword ?? generatePassword();
  const outcome = await runSecured(engine, {
    input: { type: 'RegisterFirstAdmin', login: FIRST_ADMIN_LOGIN },
    actor: CONSOLE_ACTOR,
    newId: userId,
    newPassword: { hasher, password },
    credential: reservedLogin(credentials, userId, FIRST_ADMIN_LOGIN),
  });
  return outcome.ok ? { created: true, userId, password, generated: adminPassword === null } : null;
}

/**
 * The first admin's user id: the admin whose stream begins with the registration a start made (with
 * the admin role, under the command id `first-admin:<id>`). Null when it lost the role or was erased:
 * ADMIN_PASSWORD_RESET then acts on nobody (no erased admin comes back).
 */
async function firstAdminId(events: EventStore, state: LiveState): Promise<string | null> {
  const admins = state.users.values().filter((user) => user.roles.includes('admin'));
  for (const admin of admins) {
    const [first] = await events.readStream(`user-${admin.id}`, { limit: 1 });
    const data = first?.data as { userId?: unknown; roles?: unknown } | undefined;
    const made =
      first?.type === 'UserRegistered' &&
      data?.userId === admin.id &&
      Array.isArray(data.roles) &&
      data.roles.includes('admin');
    if (made && (first.metadata.commandId === `first-admin:${admin.id}` || isStartRegistration(first.metadata)))
      return admin.id;
  }
  return null;
}

/** The registration by RegisterFirstAdmin: the console actor, no user. */
function isStartRegistration(metadata: Record<string, unknown>): boolean {
  const actor = metadata.actor as { userId?: unknown } | undefined;
  return actor?.userId === null;
}

async function recordPasswordReset(parts: FirstAdminParts, userId: string, now: number): Promise<void> {
  const commandId = `first-admin-reset:${userId}:${now}`;
  await appendSystemEvent(parts, userId, commandId, now, { type: 'UserPasswordChanged', version: 1, data: { userId } });
}

/** Appends the event to the user's stream as the server's own (no actor), its id derived from the command id. */
async function appendSystemEvent(
  { engine, events }: FirstAdminParts,
  userId: string,
  commandId: string,
  now: number,
  draft: Draft<QuizShowEvent>,
): Promise<void> {
  const event = {
    ...draft,
    metadata: {
      eventId: nameBasedUuid(commandId, 0),
      commandId,
      correlationId: commandId,
      causationId: commandId,
      actor: { userId: null, roles: [] },
      recordedAt: now,
    },
  } as QuizShowEvent;
  const { position } = await events.append(`user-${userId}`, [encodeEvent(event)], 'any');
  await engine.live.waitFor(position);
}
