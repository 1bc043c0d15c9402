import type { Request } from 'express';
import type { Actor, Role } from '../../events';
import type { UserLive } from '../../projections/live';
import type { TokenPayload, TokenService } from '../auth/jwt';
import type { LiveStateService } from '../engine/live-state';
import { tokenHolder } from '../auth/token-holder';
import { httpError } from './http-errors';
import { AUTH_TEXTS } from '../edge-texts';

/** The logged-in user of a request (Bearer token), with roles from the live state; 401 otherwise. */
export function requestUser(jwt: TokenService, live: LiveStateService, request: Request): UserLive {
  const payload = jwt.verify(bearerToken(request));
  const user = payload ? tokenHolder(live.state, payload) : undefined;
  if (!user) throw httpError(401, AUTH_TEXTS.unauthenticated);
  return user;
}

/**
 * requestUser, but a user this instance does not know yet, or knows without what `suits` asks (a role),
 * is looked up again after catching up with the store: another app instance may have just written it.
 * With the verified token's payload (the guard renews a player's token from it).
 */
export async function requestHolderCaughtUp(
  jwt: TokenService,
  live: LiveStateService,
  request: Request,
  suits: (user: UserLive) => boolean,
): Promise<{ user: UserLive; payload: TokenPayload }> {
  const payload = jwt.verify(bearerToken(request));
  if (!payload) throw httpError(401, AUTH_TEXTS.unauthenticated);
  const user =
    (await live.findCaughtUp((state) => {
      const known = tokenHolder(state, payload);
      return known && suits(known) ? known : undefined;
    })) ?? tokenHolder(live.state, payload);
  if (!user) throw httpError(401, AUTH_TEXTS.unauthenticated);
  return { user, payload };
}

function bearerToken(request: Request): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

export function requireRole(user: UserLive, role: Role): void {
  if (!user.roles.includes(role)) throw httpError(403, AUTH_TEXTS.forbidden);
}

export function actorOf(user: UserLive | null): Actor {
  return user ? { userId: user.id, roles: [...user.roles] } : { userId: null, roles: [] };
}
