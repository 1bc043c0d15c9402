/** WebSocket close codes the server sends on purpose; the web app reacts to them (docs/protocol.md). */
export const SOCKET_CLOSE_CODES = {
  /** The user opened a sixth socket: this, the oldest, was closed. Not reconnected (two tabs would take turns). */
  replaced: 4001,
  /** No successful `sa` within 10 s of opening. */
  authTimeout: 4002,
  /** The token was revoked (password change, block, logout everywhere): a reconnect finds it invalid and logs out. */
  tokenRevoked: 4003,
  /** Too many sockets from one address waiting for their `sa` (a flood before any login): reconnected later, with the usual backoff. */
  tooManyFromAddress: 4004,
} as const;
