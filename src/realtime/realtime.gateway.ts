import { Inject, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { MAX_FRAME_BYTES } from '../../wire';
import { TOO_FAST } from '../limits/frame-rate';
import { TokenService } from '../auth/jwt';
import { OneTimeTokens } from '../auth/one-time-tokens';
import { OverlayTokens } from '../auth/overlay-tokens';
import type { AppConfig } from '../config';
import { Engine } from '../engine/engine';
import { Credentials } from '../identity/credentials';
import { PasswordHasher } from '../identity/password-hasher';
import type { Rate } from '../limits/frame-rate';
import { HashingLimits } from '../limits/password-hashing';
import { TeamPasswordGuards } from '../limits/sockets-and-team-passwords';
import { TeamPasswords } from '../teams/team-passwords';
import { APP_CONFIG, SOCKET_FRAME_RATE, UPLOADS_DIR } from '../tokens';
import { Presence } from './presence';
import { PushHub } from './push-hub';
import { parseEnvelope } from './envelope';
import { allowedOrigin } from './origin-policy';
import { SocketRouter } from './router';
import { securedParts } from './secured-parts';
import { SocketAuth } from './socket-auth';
import { SocketSessions, type SocketSession } from './socket-sessions';

export const MAX_PAYLOAD_BYTES = MAX_FRAME_BYTES;

/**
 * The realtime endpoint `/ws` (PROTOCOL.md) as Nest sees it: the sockets go to the transport
 * (socket-sessions.ts), each frame's envelope to the router (router.ts), its reply back to the socket.
 * `allowSynchronousEvents: false`: one message per socket per turn of the event loop, so a flooding
 * socket takes its turn like every other instead of holding the loop for a whole chunk of frames.
 */
@WebSocketGateway({
  path: '/ws',
  maxPayload: MAX_PAYLOAD_BYTES,
  verifyClient: allowedOrigin,
  allowSynchronousEvents: false,
})
export class RealtimeGateway implements OnGatewayConnection, OnGatewayDisconnect, OnModuleInit, OnModuleDestroy {
  private readonly sessions: SocketSessions;
  private readonly router: SocketRouter<SocketSession>;
  private stopClosingRevoked: (() => void) | null = null;
  private readonly log = new Logger('Realtime');

  constructor(
    private readonly engine: Engine,
    hub: PushHub,
    presence: Presence,
    jwt: TokenService,
    overlayTokens: OverlayTokens,
    tokens: OneTimeTokens,
    teamPasswords: TeamPasswords,
    credentials: Credentials,
    guards: TeamPasswordGuards,
    hashingLimits: HashingLimits,
    hasher: PasswordHasher,
    @Inject(SOCKET_FRAME_RATE) frameRate: Rate,
    @Inject(UPLOADS_DIR) uploadsDir: string,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const log = this.log;
    this.sessions = new SocketSessions({ hub, presence, frameRate, trustProxy: config.trustProxy, log });
    this.router = new SocketRouter<SocketSession>({
      engine,
      auth: new SocketAuth({ live: engine.live, jwt, overlayTokens, signIn: this.sessions }),
      snapshot: (client, only) => hub.snapshotParts(client, only),
      securedParts: securedParts({ engine, teamPasswords, credentials, guards, hashingLimits, hasher, tokens }),
      tokens,
      uploadsDir,
      logError: (message) => log.error(message),
    });
  }

  onModuleInit(): void {
    this.sessions.start();
    this.stopClosingRevoked = this.engine.live.onChange((state, previous) => {
      if (state.users !== previous.users) this.sessions.closeRevoked(state, previous);
      if (state.overlayLinks !== previous.overlayLinks || state.users !== previous.users)
        this.sessions.closeRevokedOverlays(state); // a link ends with its creator's admin role too
    });
  }

  onModuleDestroy(): void {
    this.sessions.stop();
    this.stopClosingRevoked?.();
  }

  /**
   * Each frame goes straight to onFrame as text. Not through Nest's message handlers: their per-frame
   * context (pipes, guards, interceptors, an exception filter and an rxjs pipeline, none of them used
   * here; the router answers every failure itself) was a tenth of a reconnect storm's CPU.
   */
  handleConnection(socket: WebSocket, request?: IncomingMessage): void {
    this.sessions.open(socket, request);
    socket.on('message', (data) => {
      this.onFrame(socket, data.toString()).catch((error: unknown) => this.log.error(`frame failed: ${String(error)}`));
    });
  }

  handleDisconnect(socket: WebSocket): void {
    this.sessions.closed(socket);
  }

  /** Every frame arrives here as text (handleConnection). */
  async onFrame(socket: WebSocket, raw: string): Promise<void> {
    const session = this.sessions.of(socket);
    if (!session) return;
    const envelope = parseEnvelope(raw);
    const { writer } = this.sessions;
    // Beyond its rate a socket's frames are answered at once and go no further (docs/protocol.md, Limits).
    if (!session.limit.allows('problem' in envelope ? null : envelope.type, performance.now())) {
      return writer.reply(socket, envelope.id, { success: false, message: TOO_FAST });
    }
    if ('problem' in envelope) return writer.reply(socket, envelope.id, { success: false, message: envelope.problem });
    writer.reply(socket, envelope.id, await this.router.route(session, envelope));
  }

  /** Open sockets by role, for /metrics (SocketSessions.byRole). */
  socketsByRole(): Map<string, number> {
    return this.sessions.byRole((userId) => this.router.rolesOf(userId));
  }
}
