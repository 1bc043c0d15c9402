/** Pure helpers of the "Benutzer und Rollen" screen; which roles exist comes from events/. */
import { ROLES, type Role } from '../../../../events';
import type { UserRecord } from '../../api/http';
import type { OperatorUserEntry } from '../../realtime/views';
import { compareGerman, lowerGerman } from '../../logic/german';

/** What the roles screen shows of a user. */
export type RoleHolder = Pick<UserRecord, 'id' | 'login' | 'name' | 'perm'> & { blocked?: boolean };

/**
 * A role change the server has answered, with the user's roles in the pushed operator view at that
 * moment (`before`). The screen shows `perm` until the view has moved away from `before`: then it has
 * caught up with the change, or someone changed the roles again since, and the view is right.
 */
export interface AnsweredRoles {
  perm: readonly string[];
  before: readonly string[];
}

export type AnsweredChanges = ReadonlyMap<string, AnsweredRoles>;

/** The users whose name or login contains the query (case-insensitive, spaces around it ignored), sorted by name. */
export function matchingUsers<U extends RoleHolder>(users: readonly U[], query: string): U[] {
  const wanted = lowerGerman(query.trim());
  const found =
    wanted === ''
      ? [...users]
      : users.filter((u) => lowerGerman(u.name).includes(wanted) || lowerGerman(u.login).includes(wanted));
  return found.sort((a, b) => compareGerman(a.name, b.name) || compareGerman(a.login, b.login));
}

/** The user's roles with `role` switched on or off, in the engine's order of roles. */
export function withRole(perm: readonly string[], role: Role, on: boolean): Role[] {
  return ROLES.filter((r) => (r === role ? on : perm.includes(r)));
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

/** Notes the server's answer to a role change of `user`, against the roles the view shows now. */
export function answered(
  changes: AnsweredChanges,
  entries: readonly OperatorUserEntry[],
  user: RoleHolder,
): AnsweredChanges {
  const before = entries.find((entry) => entry.id === user.id)?.roles ?? [];
  return new Map(changes).set(user.id, { perm: [...user.perm], before: [...before] });
}

/** The answers the view has not caught up with yet (the same map when every one is still ahead). */
export function stillAhead(changes: AnsweredChanges, entries: readonly OperatorUserEntry[]): AnsweredChanges {
  const outdated = [...changes].filter(([id, change]) => {
    const entry = entries.find((e) => e.id === id);
    return entry === undefined || !sameRoles(entry.roles, change.before);
  });
  if (outdated.length === 0) return changes;
  const ahead = new Map(changes);
  for (const [id] of outdated) ahead.delete(id);
  return ahead;
}

/** Every user of the pushed operator view, with the answered changes it has not caught up with yet. */
export function usersWithRoles(entries: readonly OperatorUserEntry[], changes: AnsweredChanges): RoleHolder[] {
  return entries.map(({ id, login, name, roles, blocked }) => {
    const change = changes.get(id);
    const perm = change !== undefined && sameRoles(roles, change.before) ? change.perm : roles;
    return { id, login, name, perm: [...perm], blocked: blocked ?? false };
  });
}
