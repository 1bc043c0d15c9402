/** Pure helpers of the "Benutzer und Rollen" screen; which roles exist comes from events/. */
import { ROLES, type Role } from '../../../../events';
import type { UserRecord } from '../../api/http';

/** The users whose name or login contains the query (case-insensitive, spaces around it ignored), sorted by name. */
export function matchingUsers(users: readonly UserRecord[], query: string): UserRecord[] {
  const wanted = query.trim().toLocaleLowerCase('de');
  const found = wanted === '' ? [...users]
    : users.filter((u) => u.name.toLocaleLowerCase('de').includes(wanted) || u.login.toLocaleLowerCase('de').includes(wanted));
  return found.sort((a, b) => a.name.localeCompare(b.name, 'de') || a.login.localeCompare(b.login, 'de'));
}

/** The user's roles with `role` switched on or off, in the engine's order of roles. */
export function withRole(perm: readonly string[], role: Role, on: boolean): Role[] {
  return ROLES.filter((r) => (r === role ? on : perm.includes(r)));
}

/** The list with `user` in place of the entry of the same id. */
export function replaceUser(users: readonly UserRecord[], user: UserRecord): UserRecord[] {
  return users.map((u) => (u.id === user.id ? user : u));
}
