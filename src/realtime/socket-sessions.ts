/**
 * The transport of `/ws`: the open sockets and their sessions, the caps (sockets per address before
 * `sa`, per user after), the authentication deadline, the heartbeat, the sweep of slow sockets, and
 * the closes when a token or an overlay link is revoked. Who a socket is, is socket-auth.ts's; what
 * a message does, router.ts's.
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { Role } from '../../events';
import { workingOverlayLink, type LiveState } from '../../projections/live';
import { tokenHolder } from '../auth/token-holder';
import { SocketRateLimit, type Rate } from '../limits/frame-rate';
import { addressKey } from '../limits/logins-and-registrations';
import {
  AUTH_DEADLINE_MS,
  CLOSE_CODES,
  SOCKET_LIMIT_TEXTS,
  SocketsPerUser,
} from '../limits/sockets-and-team-passwords';
import type { Presence } from './presence';
import type { PushHub } from './push-hub';
import type { RealtimeLog, RoutedSession, SessionUser, SignIn } from './session';
import { SocketWriter } from './socket-writer';
import { WaitingSockets } from './waiting-sockets';

/**
 * How often every socket's unsent data is looked at. Replies look at it each time; pushes, which go to
 * thousands of sockets at once, do not (reading it touches two more objects per socket, a good part of a
 * question start's cost beyond the writes): a slow socket is dropped within this time instead.
 */
export const SLOW_SOCKET_SWEEP_MS = 1000;
export const HEARTBEAT_MS = 30_000;

export interface SocketSession extends RoutedSession {
  readonly socket: WebSocket;
  alive: boolean;
  readonly limit: SocketRateLimit;
  /** Closes the socket unless it authenticates in time; cleared by the first successful `sa`. */
  authDeadline: NodeJS.Timeout | null;
}

export interface SocketSessionsOptions {
  readonly hub: PushHub;
  readonly presence: Presence;
  readonly frameRate: Rate;
  /** Behind a proxy (TRUST_PROXY) every socket has the proxy's address: the proxy limits each source there (deploy/haproxy.cfg). */
  readonly trustProxy: false | number | string;
  readonly log: RealtimeLog;
}

export class SocketSessions implements SignIn<SocketSession> {
  private readonly sessions = new Map<WebSocket, SocketSession>();
  private readonly socketsOfUser = new SocketsPerUser<SocketSession>();
  private readonly overlaySessions = new Set<SocketSession>();
  /** Sockets not yet authenticated, per address (waiting-sockets.ts); not counted behind a proxy. */
  private readonly waiting = new WaitingSockets<WebSocket>();
  private timers: NodeJS.Timeout[] = [];
  readonly writer: SocketWriter;

  constructor(private readonly options: SocketSessionsOptions) {
    this.writer = new SocketWriter(options.log);
  }

  start(): void {
    this.timers = [
      setInterval(() => this.beat(), HEARTBEAT_MS),
      setInterval(() => this.dropSlow(), SLOW_SOCKET_SWEEP_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  of(socket: WebSocket): SocketSession | undefined {
    return this.sessions.get(socket);
  }

  /**
   * A new socket's session. Beyond ANONYMOUS_SOCKETS_PER_ADDRESS sockets of its address waiting to
   * authenticate it is held (paused) until one of them authenticates or closes; beyond
   * HELD_SOCKETS_PER_ADDRESS more it is closed at once (waiting-sockets.ts).
   */
  open(socket: WebSocket, request?: IncomingMessage): void {
    const session: SocketSession = {
      socket,
      alive: true,
      user: null,
      overlay: null,
      client: null,
      limit: new SocketRateLimit(performance.now(), this.options.frameRate),
      authDeadline: null,
    };
    if (
      this.options.trustProxy === false &&
      !this.waiting.admit(socket, addressKey(request?.socket.remoteAddress ?? 'unknown'))
    ) {
      socket.close(CLOSE_CODES.tooManyFromAddress, SOCKET_LIMIT_TEXTS.tooManyFromAddress);
      return;
    }
    session.authDeadline = setTimeout(() => {
      socket.resume(); // a held socket reads the client's closing handshake
      socket.close(CLOSE_CODES.authTimeout, SOCKET_LIMIT_TEXTS.authTimeout);
    }, AUTH_DEADLINE_MS);
    session.authDeadline.unref();
    this.sessions.set(socket, session);
    socket.on('pong', () => (session.alive = true));
  }

  closed(socket: WebSocket): void {
    const session = this.sessions.get(socket);
    this.sessions.delete(socket);
    if (!session) return;
    this.waiting.leave(session.socket);
    if (session.authDeadline) clearTimeout(session.authDeadline);
    this.signOff(session);
  }

  /** `sa` with a valid token; a second sa on the same socket switches the user. Beyond SOCKETS_PER_USER the oldest closes. */
  user(session: SocketSession, user: SessionUser): void {
    this.authenticated(session);
    session.user = user;
    for (const oldest of this.socketsOfUser.add(user.id, session)) {
      this.signOff(oldest);
      oldest.socket.close(CLOSE_CODES.replaced, SOCKET_LIMIT_TEXTS.replaced);
    }
    session.client = { userId: user.id, send: (frame) => this.writer.push(session.socket, frame) };
    this.options.hub.attach(session.client);
    if (this.options.presence.connected(user.id)) this.options.hub.presenceChanged(user.id);
  }

  overlayPages(linkId: string, except: SocketSession): number {
    let pages = 0;
    for (const session of this.overlaySessions) if (session !== except && session.overlay?.linkId === linkId) pages++;
    return pages;
  }

  /** `sa` with a working overlay link: the socket then receives the overlay scope only. */
  overlay(session: SocketSession, linkId: string): void {
    this.authenticated(session);
    session.overlay = { linkId };
    session.client = { userId: null, send: (frame) => this.writer.push(session.socket, frame) };
    this.overlaySessions.add(session);
    this.options.hub.attachOverlay(session.client);
  }

  /** An overlay page is authenticated too: it leaves the per-address count of waiting sockets. */
  private authenticated(session: SocketSession): void {
    this.signOff(session);
    if (session.authDeadline) clearTimeout(session.authDeadline);
    session.authDeadline = null;
    this.waiting.leave(session.socket);
  }

  private signOff(session: SocketSession): void {
    const { hub, presence } = this.options;
    if (session.overlay && session.client) {
      this.overlaySessions.delete(session);
      hub.detach(session.client);
      session.overlay = null;
      session.client = null;
      return;
    }
    if (!session.user || !session.client) return;
    this.socketsOfUser.remove(session.user.id, session);
    hub.detach(session.client);
    if (presence.disconnected(session.user.id)) hub.presenceChanged(session.user.id);
    session.user = null;
    session.client = null;
  }

  /**
   * Sockets whose token was revoked (password change, block, logout everywhere) are closed: the reconnect
   * finds the token invalid. Only the users whose record changed are looked at, not every socket.
   */
  closeRevoked(state: LiveState, previous: LiveState): void {
    state.users.diff(previous.users, (userId, user) => {
      if (!user) return;
      for (const session of this.socketsOfUser.of(userId)) {
        if (session.user && tokenHolder(state, { id: userId, gen: session.user.tokenGeneration })) continue;
        this.signOff(session);
        session.socket.close(CLOSE_CODES.tokenRevoked, 'token revoked');
      }
    });
  }

  /** Overlay pages whose link was revoked are closed at once (on every instance, as it folds the event); their reconnect is refused. */
  closeRevokedOverlays(state: LiveState): void {
    for (const session of this.overlaySessions) {
      if (session.overlay && workingOverlayLink(state, session.overlay.linkId)) continue;
      this.signOff(session);
      session.socket.close(CLOSE_CODES.tokenRevoked, 'overlay link revoked');
    }
  }

  /** Open sockets by role, for /metrics: `anonymous` before sa, `overlay` for stream overlay pages, `player` without an operator role, else each role held. */
  byRole(rolesOf: (userId: string) => readonly Role[]): Map<string, number> {
    const counts = new Map<string, number>();
    const count = (role: string) => counts.set(role, (counts.get(role) ?? 0) + 1);
    for (const { user, overlay } of this.sessions.values()) {
      const roles = user ? rolesOf(user.id) : null;
      if (overlay) count('overlay');
      else if (roles === null) count('anonymous');
      else if (roles.length === 0) count('player');
      else roles.forEach(count);
    }
    return counts;
  }

  private dropSlow(): void {
    for (const { socket } of this.sessions.values())
      if (socket.readyState === socket.OPEN) this.writer.droppedIfSlow(socket);
  }

  /** Dead connections (no pong since the last ping) are closed; their presence ends with them. */
  private beat(): void {
    for (const session of this.sessions.values()) {
      if (!session.alive) {
        session.socket.terminate();
        continue;
      }
      session.alive = false;
      session.socket.ping();
    }
  }
}
