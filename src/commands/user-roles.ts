/** Operator accounts: who is admin, moderator or tester (PROTOCOL.md, "Operator accounts"). */
import { ROLES, streams, type Actor, type Role, type RolesChangedBy } from '../../events';
import type { LiveState } from '../../projections/live';
import { accept, draft, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { ADMIN, SHOW, USERS, type Entries, type ParserInput } from './entry';
import { textOf } from './fields';
import { texts } from './texts';

/**
 * PUT /api/users/:id/roles (admin) or `npm run user -- roles` (the server's console): the user's roles
 * become `roles` (no duplicates, in ROLES order). `consoleAccount`: the OS account that ran the console
 * command, recorded when no user acts.
 */
export interface SetUserRoles {
  type: 'SetUserRoles';
  userId: string;
  roles: Role[];
  consoleAccount: string;
}
/** The commands of this file, as their rules receive them: userRoleEntries holds one entry for each. */
export type UserRoleCommand = SetUserRoles;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const USER_ROLE_COMMAND_TEXTS = {
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  rolesNotAList: 'Die Rollen müssen als Liste gesendet werden, z. B. ["tester"].',
  unknownRole: (role: string) => `Die Rolle „${role}“ gibt es nicht. Möglich sind admin, moderator und tester.`,
  lastAdmin:
    'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du sie hier entfernst.',
} as const;

/**
 * The server's console (`npm run user`): no user, the admin role. Only code on the server makes this
 * actor; the event names the OS account that ran the command.
 */
export const CONSOLE_ACTOR: Actor = { userId: null, roles: ['admin'] };

/** How much of an unknown role the refusal repeats. */
const SHOWN_ROLE_LENGTH = 40;

/**
 * The edge: `roles` must be a list of known role names; duplicates collapse and the order becomes
 * ROLES' order, so that the same set is always the same list (and setting it again changes nothing).
 */
function parseSetUserRoles(c: ParserInput): SetUserRoles | Rejection {
  if (!Array.isArray(c.roles)) return reject(USER_ROLE_COMMAND_TEXTS.rolesNotAList);
  const named = new Set<Role>();
  for (const role of c.roles as unknown[]) {
    const known = ROLES.find((r) => r === role);
    if (!known) return reject(USER_ROLE_COMMAND_TEXTS.unknownRole(shown(role)));
    named.add(known);
  }
  return {
    type: 'SetUserRoles',
    userId: textOf(c.userId),
    roles: ROLES.filter((r) => named.has(r)),
    consoleAccount: textOf(c.consoleAccount),
  };
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_ROLE_LENGTH ? `${text.slice(0, SHOWN_ROLE_LENGTH)}…` : text;
}

/**
 * The user's roles become the given ones. Refused for an unknown user, and when no admin would be
 * left (an admin taking the role from the last admin, themselves included). The same roles again
 * change nothing (no event). Reads every user's roles: its boundary is all user streams.
 */
export function setUserRoles(state: LiveState, cmd: SetUserRoles, ctx: DecisionContext): Verdict {
  const user = state.users.get(cmd.userId);
  if (!user) return reject(texts.notFound(cmd.userId), 'not_found');
  if (sameRoles(user.roles, cmd.roles)) return accept(streams.user(user.id));
  if (user.roles.includes('admin') && !cmd.roles.includes('admin') && !anotherAdmin(state, user.id))
    return reject(USER_ROLE_COMMAND_TEXTS.lastAdmin);
  return accept(
    streams.user(user.id),
    draft('UserRolesChanged', {
      userId: user.id,
      roles: [...cmd.roles],
      previousRoles: [...user.roles],
      changedBy: changedBy(cmd, ctx),
    }),
  );
}

function sameRoles(a: readonly Role[], b: readonly Role[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

/**
 * Whether an admin other than `userId` is left who can act: neither blocked nor erased (an erased
 * user holds no role). A blocked admin cannot log in: the show would have no working admin.
 */
export function anotherAdmin(state: LiveState, userId: string): boolean {
  let found = false;
  state.users.forEach((u) => {
    if (!found && u.id !== userId && u.roles.includes('admin') && !u.blocked && !u.erased) found = true;
  });
  return found;
}

/** What the last-admin checks read: who holds the admin role and who is blocked or erased, in every user stream. */
export const WORKING_ADMINS = {
  streams: [USERS],
  types: ['UserRegistered', 'UserRolesChanged', 'UserBlocked', 'UserErased'],
} as const;

/** An admin by id; with no acting user, the server's console (docs/decisions/operator-accounts.md). */
function changedBy(cmd: SetUserRoles, ctx: DecisionContext): RolesChangedBy {
  if (ctx.actor.userId !== null) return { kind: 'admin', userId: ctx.actor.userId };
  return { kind: 'console', account: cmd.consoleAccount || 'unbekannt' };
}

export const userRoleEntries = {
  // HTTP only (PUT /api/users/:id/roles) and the server's console (npm run user); the last-admin check reads every user.
  SetUserRoles: { access: ADMIN, parse: parseSetUserRoles, boundary: () => [SHOW, USERS], rule: setUserRoles },
} satisfies Entries<UserRoleCommand>;
