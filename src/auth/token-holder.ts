import type { LiveState, UserLive } from '../../projections/live';
import type { TokenPayload } from './jwt';

/** abl: what a blocked user hears at the login and on the socket. */
export const BLOCKED_TEXT = 'Dein Zugang wurde gesperrt. Bitte wende dich an das Quiz-Team.';

/**
 * The user a verified token speaks for, or undefined: an unknown user, a blocked one, or a token of an
 * older generation (issued before a password change, a block or a logout everywhere). One rule for
 * HTTP and sockets; the generation lives in the live state, so every instance applies it once folded.
 * Reads only `id` and `gen`: a socket's session passes those, a verified token its whole payload.
 */
export function tokenHolder(
  state: LiveState,
  payload: TokenPayload | Pick<TokenPayload, 'id' | 'gen'>,
): UserLive | undefined {
  const user = state.users.get(payload.id);
  return user && !user.blocked && !user.erased && user.tokenGeneration === payload.gen ? user : undefined;
}
