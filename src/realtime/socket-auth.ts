/**
 * Who a socket is (`sa`, PROTOCOL.md): a user by their login token, or a stream overlay page by its
 * link's token. It decides and answers; the transport (SignIn) attaches the socket to the hub.
 */
import { OVERLAY_LINK_TEXTS, OVERLAY_PAGES_PER_LINK, workingOverlayLink } from '../../projections/live';
import type { TokenService } from '../auth/jwt';
import type { OverlayTokens } from '../auth/overlay-tokens';
import { BLOCKED_TEXT, tokenHolder } from '../auth/token-holder';
import { renewedToken } from '../auth/token-renewal';
import { SOCKET_TEXTS } from '../edge-texts';
import type { LiveStateService } from '../engine/live-state';
import type { RoutedSession, SignIn } from './session';

export interface SocketAuthOptions<S extends RoutedSession> {
  readonly live: LiveStateService;
  readonly jwt: TokenService;
  readonly overlayTokens: OverlayTokens;
  readonly signIn: SignIn<S>;
}

export class SocketAuth<S extends RoutedSession> {
  constructor(private readonly options: SocketAuthOptions<S>) {}

  async user(session: S, token: unknown): Promise<Record<string, unknown>> {
    const { live, jwt, signIn } = this.options;
    const payload = jwt.verify(token);
    // A user just registered (or a token issued) through another app instance may not be folded here yet.
    const user = payload ? await live.findCaughtUp((state) => tokenHolder(state, payload)) : undefined;
    if (payload && live.state.users.get(payload.id)?.blocked) return { success: false, message: BLOCKED_TEXT };
    if (!payload || !user) return { success: false, message: SOCKET_TEXTS.authFailed };
    // Roles come from the state, not from the token: the token only says who is talking (and in which generation).
    signIn.user(session, { id: user.id, tokenGeneration: user.tokenGeneration });
    // A player's token older than a day comes back renewed (src/auth/token-renewal.ts); the socket's generation is the same.
    const renewed = renewedToken(jwt, payload, user);
    return renewed ? { success: true, token: renewed } : { success: true };
  }

  /**
   * `sa` with `{overlay}`: a stream overlay page, by its link's token. The token is checked by computing
   * it again (no database read); a link this instance has not folded yet (just created through another
   * one) is looked up after catching up. The socket then receives the overlay scope only.
   */
  async overlay(session: S, token: unknown): Promise<Record<string, unknown>> {
    const { live, overlayTokens, signIn } = this.options;
    const linkId = overlayTokens.linkIdOf(token);
    const link = linkId === null ? undefined : await live.findCaughtUp((state) => workingOverlayLink(state, linkId));
    if (!link) return { success: false, message: SOCKET_TEXTS.overlayLinkInvalid };
    if (signIn.overlayPages(link.id, session) >= OVERLAY_PAGES_PER_LINK)
      return { success: false, message: OVERLAY_LINK_TEXTS.tooManyPages(OVERLAY_PAGES_PER_LINK) };
    signIn.overlay(session, link.id);
    return { success: true };
  }
}
