/**
 * Role administration from the server's console (`npm run user`): the same command, rule and event
 * as PUT /api/users/:id/roles, decided by the same pipeline; the event names the console and the OS
 * account that ran it instead of an admin.
 */
import { ROLES, type Role } from '../../events';
import { uniqueNameKey, type LiveState, type UserLive } from '../../projections/live';
import { CONSOLE_ACTOR } from '../commands';
import type { CommandPipeline } from '../engine/command-pipeline';

export const USER_CLI_TEXTS = {
  unknownLogin: (login: string) =>
    `Es gibt keinen Benutzer mit dem Login „${login}“. Er muss sich zuerst registrieren.`,
  changed: (login: string, previous: string, roles: string) => `Rollen von ${login}: ${previous} → ${roles}`,
  unchanged: (login: string, roles: string) => `Keine Änderung: ${login} hat bereits die Rollen ${roles}.`,
  noRoles: 'keine',
} as const;

export type ChangeVerb = 'set' | 'grant' | 'revoke';

/** The console's answer: what to print, and whether it went to stdout (ok) or stderr. */
export interface RoleChange {
  ok: boolean;
  text: string;
}

/** Every user, by login: login, name and roles. */
export function usersByLogin(state: LiveState): UserLive[] {
  return state.users.values().sort((a, b) => a.login.localeCompare(b.login, 'de'));
}

export function roleText(roles: readonly string[]): string {
  return roles.length === 0 ? USER_CLI_TEXTS.noRoles : roles.join(', ');
}

/**
 * A role list as typed on the console: `admin,moderator`, `tester`, or `-` (none). Names are passed
 * on as typed: the command's parser refuses unknown ones with its German text.
 */
export function rolesFromArgument(argument: string | undefined): string[] {
  const text = (argument ?? '').trim();
  if (text === '-' || text === '') return [];
  return text
    .split(',')
    .map((role) => role.trim())
    .filter((role) => role !== '');
}

/**
 * The roles after the verb: `set` replaces them, `grant` adds, `revoke` removes. Unknown names stay
 * in the list, so that the command's parser refuses them in German.
 */
function targetRoles(verb: ChangeVerb, current: readonly Role[], named: readonly string[]): string[] {
  if (verb === 'set') return [...named];
  if (verb === 'grant') return [...current, ...named];
  const unknown = named.filter((name) => !(ROLES as readonly string[]).includes(name));
  return [...current.filter((role) => !named.includes(role)), ...unknown];
}

/** Changes the roles of the user with this login (case-insensitive) through the pipeline, as the console. */
export async function changeRolesFromConsole(
  state: LiveState,
  pipeline: CommandPipeline,
  change: { login: string; verb: ChangeVerb; roles: readonly string[]; account: string },
): Promise<RoleChange> {
  const userId = state.userIdByLogin.get(uniqueNameKey(change.login));
  const user = userId === undefined ? undefined : state.users.get(userId);
  if (!user) return { ok: false, text: USER_CLI_TEXTS.unknownLogin(change.login) };
  const roles = targetRoles(change.verb, user.roles, change.roles);
  const outcome = await pipeline.submit(
    { type: 'SetUserRoles', userId: user.id, roles, consoleAccount: change.account },
    CONSOLE_ACTOR,
  );
  if (!outcome.ok) return { ok: false, text: outcome.message };
  const event = outcome.events.find((e) => e.type === 'UserRolesChanged');
  if (!event || event.type !== 'UserRolesChanged')
    return { ok: true, text: USER_CLI_TEXTS.unchanged(user.login, roleText(user.roles)) };
  return {
    ok: true,
    text: USER_CLI_TEXTS.changed(user.login, roleText(event.data.previousRoles), roleText(event.data.roles)),
  };
}
