import type { Request } from 'express';
import type { Actor, Role } from '../../events';
import type { UserLive } from '../../projections/live';
import type { Runtime } from '../runtime';
import { httpError } from './http-errors';

export const AUTH_TEXTS = {
  unauthenticated: 'Bitte melde dich an: Das Login fehlt, ist ungültig oder abgelaufen.',
  forbidden: 'Dazu fehlt dir die Berechtigung.',
} as const;

/** The logged-in user of a request (Bearer token), with roles from the live state; 401 otherwise. */
export function requestUser(runtime: Runtime, request: Request): UserLive {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const payload = runtime.secrets.jwt.verify(token);
  const user = payload ? runtime.engine.live.state.users.get(payload.id) : undefined;
  if (!user) throw httpError(401, AUTH_TEXTS.unauthenticated);
  return user;
}

export function requireRole(user: UserLive, role: Role): void {
  if (!user.roles.includes(role)) throw httpError(403, AUTH_TEXTS.forbidden);
}

export function actorOf(user: UserLive | null): Actor {
  return user ? { userId: user.id, roles: [...user.roles] } : { userId: null, roles: [] };
}
