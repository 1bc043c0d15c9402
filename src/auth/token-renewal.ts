import type { UserLive } from '../../projections/live';
import type { TokenPayload, TokenService } from './jwt';

/**
 * Sliding player tokens (docs/decisions/first-minute.md, docs/protocol.md "Token renewal"): a player
 * token lasts an idle window (TOKEN_LIFETIME_SECONDS in jwt.ts, 30 days); used when it is older than
 * RENEW_AFTER_SECONDS, the server hands out a fresh one (`sa`'s reply carries `token`, an HTTP answer
 * the header `X-Renewed-Token`). The fresh token has the generation of the old one, so every rule that
 * ends tokens (password change, block, logout everywhere, erasure, a role change) ends it too.
 */
export const RENEW_AFTER_SECONDS = 24 * 3600;

/**
 * Renewals end this long after the user last proved who they are (password or one-time login link):
 * then the token lives out its idle window and the player logs in with the password again, about twice
 * a year. A stolen token cannot be kept alive forever by using it.
 */
export const RENEWALS_END_AFTER_SECONDS = 180 * 24 * 3600;

/** The HTTP response header that carries a renewed token. */
export const RENEWED_TOKEN_HEADER = 'X-Renewed-Token';

/**
 * Whether a verified token of `user` (its holder: the generation matched) is due for renewal at `nowSeconds`:
 * a player's token (no role in the token nor in the state: operators keep their short tokens and log in
 * again), issued at least a day ago, within half a year of the last login.
 */
export function dueForRenewal(
  payload: Pick<TokenPayload, 'perm' | 'iat' | 'lat' | 'exp'>,
  user: Pick<UserLive, 'roles'>,
  nowSeconds: number,
): boolean {
  return (
    payload.perm.length === 0 &&
    user.roles.length === 0 &&
    nowSeconds - payload.iat >= RENEW_AFTER_SECONDS &&
    nowSeconds - payload.lat < RENEWALS_END_AFTER_SECONDS &&
    payload.exp > nowSeconds
  );
}

/** A fresh token for the token's holder, or null when it is not due (see dueForRenewal). */
export function renewedToken(
  tokens: TokenService,
  payload: TokenPayload,
  user: UserLive,
  nowMs: number = Date.now(),
): string | null {
  const nowSeconds = Math.floor(nowMs / 1000);
  if (!dueForRenewal(payload, user, nowSeconds)) return null;
  return tokens.sign(user, nowMs, payload.lat);
}
