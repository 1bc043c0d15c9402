/**
 * A connected, authenticated socket as the hub sees it. Its roles are the user's in the live state,
 * never a copy taken at login: a role change moves the socket into or out of the operator scopes.
 * A stream overlay page's socket has no user (null): it receives the overlay scope and nothing else.
 */
export interface PushClient {
  readonly userId: string | null;
  /**
   * Sends a text frame, as a string or as its UTF-8 bytes (a push to a whole scope is encoded once,
   * not once per socket); returns false when the client is too far behind and was dropped.
   */
  send(frame: string | Buffer): boolean;
}

/** The signed-in user of a socket; their roles are read from the live state at each use (a change holds at once). */
export interface SessionUser {
  id: string;
  tokenGeneration: number;
}

/**
 * Who is on a socket, as the router and the authentication see it (no socket in it): the transport's
 * session (socket-sessions.ts) holds this and the rest.
 */
export interface RoutedSession {
  user: SessionUser | null;
  /** A stream overlay page (`sa` with `overlay`): its link; such a socket has no user, sees the overlay scope and sends nothing. */
  overlay: { linkId: string } | null;
  /** The hub's client, from the first successful `sa` on. */
  client: PushClient | null;
}

/** What the transport does when a socket signs in (socket-auth.ts decides who it is). */
export interface SignIn<S extends RoutedSession> {
  user(session: S, user: SessionUser): void;
  overlay(session: S, linkId: string): void;
  /** How many other pages show this overlay link now (each link is capped: OVERLAY_PAGES_PER_LINK). */
  overlayPages(linkId: string, except: S): number;
}

/** Where the transport files log (the gateway hands Nest's logger; nothing here imports Nest). */
export interface RealtimeLog {
  warn(message: string): void;
  error(message: string): void;
}
