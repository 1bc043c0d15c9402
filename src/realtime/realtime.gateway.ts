import { Inject, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import type { Actor, QuizShowEvent, Role } from '../../events';
import { FUSION_TEAM_PASSWORD, OVERLAY_LINK_TEXTS, OVERLAY_PAGES_PER_LINK, teamByReference, workingOverlayLink, type LiveState } from '../../projections/live';
import { MAX_FRAME_BYTES } from '../../wire';
import { textOf } from '../../projections/live';
import { BLOCKED_TEXT, tokenHolder } from '../auth/token-holder';
import { renewedToken } from '../auth/token-renewal';
import { admit, inputFromWire, invalidTextRejection, isRejection, isWireCommand, type Command, type CommandInput, type EdgeVerdict, type Rejection } from '../commands';
import { RETRY_LATER } from '../engine/command-pipeline';
import { HASHING_BUSY_TEXT, HashingBusy } from '../identity/passwords';
import { runSecured } from '../identity/secured-command';
import { changeTeamPassword } from '../teams/team-password-change';
import { answerQuery, isQuery } from '../queries/query-table';
import { RUNTIME, type Runtime } from '../runtime';
import { nameBasedUuid } from '../store/event-ids';
import { extrasFor } from './command-replies';
import { allowedOrigin } from './origin-policy';
import type { PushClient } from './push-hub';
import { wireTextFrame, writeWireFrame } from './wire-frame';
import { SocketRateLimit, TOO_FAST } from '../limits/frame-rate';
import { ANONYMOUS_SOCKETS_PER_ADDRESS, AUTH_DEADLINE_MS, CLOSE_CODES, SOCKET_LIMIT_TEXTS, SocketsPerUser } from '../limits/sockets-and-team-passwords';
import { addressKey } from '../limits/logins-and-registrations';
import type { IncomingMessage } from 'node:http';
import { isUnavailable, STORE_UNAVAILABLE_TEXT } from '../store/unavailable';
import { SOCKET_TEXTS } from '../edge-texts';

export const MAX_PAYLOAD_BYTES = MAX_FRAME_BYTES;
/** A socket whose unsent data passes this is dropped (it re-syncs on reconnect) instead of slowing the rest. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * How often every socket's unsent data is looked at. Replies look at it each time; pushes, which go to
 * thousands of sockets at once, do not (reading it touches two more objects per socket, a good part of a
 * question start's cost beyond the writes): a slow socket is dropped within this time instead.
 */
export const SLOW_SOCKET_SWEEP_MS = 1000;
export const HEARTBEAT_MS = 30_000;
/** ws's send options for every frame: text, also when it is bytes (one object, not one per socket and push). */
const AS_TEXT = { binary: false } as const;

/** Longest `commandId` a client may send (PROTOCOL.md: e.g. a UUID). */
export const MAX_COMMAND_ID_LENGTH = 64;

interface Session {
  socket: WebSocket;
  alive: boolean;
  /** The authenticated user; their roles are read from the live state at each use (a change holds at once). */
  user: { id: string; tokenGeneration: number } | null;
  /** A stream overlay page (`sa` with `overlay`): its link; such a socket has no user, sees the overlay scope and sends nothing. */
  overlay: { linkId: string } | null;
  client: PushClient | null;
  limit: SocketRateLimit;
  /** Closes the socket unless it authenticates in time; cleared by the first successful `sa`. */
  authDeadline: NodeJS.Timeout | null;
  /** The address it counts against while it has not authenticated (null once it has, or behind a proxy). */
  anonymousFrom: string | null;
}

/** A reply's content already serialized, in pieces: the `sg` snapshot, made of the per-scope JSON the hub keeps. */
class SerializedContent {
  constructor(readonly parts: Array<string | Buffer>) {}
}

type ReplyContent = Record<string, unknown> | SerializedContent;

interface Envelope {
  type: string;
  id: unknown;
  content: Record<string, unknown> | undefined;
  /** The client's id of the command: the same one from the same user is the same command. */
  commandId: string | undefined;
}

/**
 * The realtime endpoint `/ws` (PROTOCOL.md): authenticate with `sa`, load views with `sg`, send
 * commands by their message codes; every message gets a reply, pushes arrive as `st`.
 * `allowSynchronousEvents: false`: one message per socket per turn of the event loop, so a flooding
 * socket takes its turn like every other instead of holding the loop for a whole chunk of frames.
 */
@WebSocketGateway({ path: '/ws', maxPayload: MAX_PAYLOAD_BYTES, verifyClient: allowedOrigin, allowSynchronousEvents: false })
export class RealtimeGateway implements OnGatewayConnection, OnGatewayDisconnect, OnModuleInit, OnModuleDestroy {
  private readonly sessions = new Map<WebSocket, Session>();
  private replyId = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private slowSweep: NodeJS.Timeout | null = null;
  private readonly logger = new Logger('Realtime');
  private readonly socketsOfUser = new SocketsPerUser<Session>();
  private readonly overlaySessions = new Set<Session>();
  /** Sockets not yet authenticated, per address (ANONYMOUS_SOCKETS_PER_ADDRESS). */
  private readonly anonymousPerAddress = new Map<string, number>();

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  private stopClosingRevoked: (() => void) | null = null;
  /** The last pushed bytes framed for the wire: the hub hands one scope's sockets the same buffer one after another. */
  private lastPushed: { payload: Buffer; frame: Buffer } | null = null;

  onModuleInit(): void {
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.slowSweep = setInterval(() => this.dropSlow(), SLOW_SOCKET_SWEEP_MS);
    this.slowSweep.unref();
    this.stopClosingRevoked = this.runtime.engine.live.onChange((state, previous) => {
      if (state.users !== previous.users) this.closeRevoked(state, previous);
      if (state.overlayLinks !== previous.overlayLinks || state.users !== previous.users) this.closeRevokedOverlays(state); // a link ends with its creator's admin role too
    });
  }

  onModuleDestroy(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.slowSweep) clearInterval(this.slowSweep);
    this.stopClosingRevoked?.();
  }

  /**
   * Sockets whose token was revoked (password change, block, logout everywhere) are closed: the reconnect
   * finds the token invalid. Only the users whose record changed are looked at, not every socket.
   */
  private closeRevoked(state: LiveState, previous: LiveState): void {
    state.users.diff(previous.users, (userId, user) => {
      if (!user) return;
      for (const session of this.socketsOfUser.of(userId)) {
        if (!tokenHolder(state, { id: userId, gen: session.user!.tokenGeneration })) {
          this.signOff(session);
          session.socket.close(CLOSE_CODES.tokenRevoked, 'token revoked');
        }
      }
    });
  }

  /** Overlay pages whose link was revoked are closed at once (on every instance, as it folds the event); their reconnect is refused. */
  private closeRevokedOverlays(state: LiveState): void {
    for (const session of this.overlaySessions) {
      if (workingOverlayLink(state, session.overlay!.linkId)) continue;
      this.signOff(session);
      session.socket.close(CLOSE_CODES.tokenRevoked, 'overlay link revoked');
    }
  }

  handleConnection(socket: WebSocket, request?: IncomingMessage): void {
    const session: Session = {
      socket,
      alive: true,
      user: null,
      overlay: null,
      client: null,
      limit: new SocketRateLimit(performance.now(), this.runtime.frameRate),
      authDeadline: null,
      anonymousFrom: null,
    };
    // Behind a proxy (TRUST_PROXY) every socket has the proxy's address: the proxy limits each source there (deploy/haproxy.cfg).
    if (this.runtime.config.trustProxy === false) {
      const address = addressKey(request?.socket.remoteAddress ?? 'unknown');
      const waiting = this.anonymousPerAddress.get(address) ?? 0;
      if (waiting >= ANONYMOUS_SOCKETS_PER_ADDRESS) {
        socket.close(CLOSE_CODES.tooManyFromAddress, SOCKET_LIMIT_TEXTS.tooManyFromAddress);
        return;
      }
      this.anonymousPerAddress.set(address, waiting + 1);
      session.anonymousFrom = address;
    }
    session.authDeadline = setTimeout(() => socket.close(CLOSE_CODES.authTimeout, SOCKET_LIMIT_TEXTS.authTimeout), AUTH_DEADLINE_MS);
    session.authDeadline.unref();
    this.sessions.set(socket, session);
    socket.on('pong', () => (session.alive = true));
  }

  handleDisconnect(socket: WebSocket): void {
    const session = this.sessions.get(socket);
    this.sessions.delete(socket);
    if (!session) return;
    this.noLongerAnonymous(session);
    if (session.authDeadline) clearTimeout(session.authDeadline);
    this.signOff(session);
  }

  /** The socket authenticated or closed: it no longer counts as waiting from its address. */
  private noLongerAnonymous(session: Session): void {
    const address = session.anonymousFrom;
    if (address === null) return;
    session.anonymousFrom = null;
    const left = (this.anonymousPerAddress.get(address) ?? 1) - 1;
    if (left > 0) this.anonymousPerAddress.set(address, left);
    else this.anonymousPerAddress.delete(address);
  }

  private signOff(session: Session): void {
    if (session.overlay && session.client) {
      this.overlaySessions.delete(session);
      this.runtime.hub.detach(session.client);
      session.overlay = null;
      session.client = null;
      return;
    }
    if (!session.user || !session.client) return;
    this.socketsOfUser.remove(session.user.id, session);
    this.runtime.hub.detach(session.client);
    if (this.runtime.presence.disconnected(session.user.id)) this.runtime.hub.refreshPresenceOf(session.user.id);
    session.user = null;
    session.client = null;
  }

  /** Every frame arrives here as text (see the message parser in server.ts). */
  @SubscribeMessage('frame')
  async onFrame(socket: WebSocket, raw: string): Promise<void> {
    const session = this.sessions.get(socket);
    if (!session) return;
    const envelope = parseEnvelope(raw);
    // Beyond its rate a socket's frames are answered at once and go no further (docs/protocol.md, Limits).
    if (!session.limit.allows('problem' in envelope ? null : envelope.type, performance.now())) {
      return this.reply(session, envelope.id, { success: false, message: TOO_FAST });
    }
    if ('problem' in envelope) return this.reply(session, envelope.id, { success: false, message: envelope.problem });
    let content: ReplyContent;
    try {
      content = await this.handle(session, envelope);
    } catch (error) {
      if (isUnavailable(error)) content = { success: false, message: STORE_UNAVAILABLE_TEXT, retry: true };
      else {
        this.logger.error(`message failed: ${String(error)}`);
        content = { success: false, message: RETRY_LATER };
      }
    }
    this.reply(session, envelope.id, content);
  }

  private async handle(session: Session, { type, content, commandId }: Envelope): Promise<ReplyContent> {
    if (type === 'sa') return content?.overlay !== undefined ? this.authenticateOverlay(session, content.overlay) : this.authenticate(session, content?.token);
    if (!session.client) return { success: false, message: SOCKET_TEXTS.tooEarly };
    // {success, serverTime, views, versions}, the views as the hub keeps them serialized.
    if (type === 'sg') return new SerializedContent([`{"success":true,"serverTime":${Date.now()},`, ...this.runtime.hub.snapshotParts(session.client), '}']);
    if (type === 'ping') return { success: true, serverTime: Date.now() };
    if (session.overlay) return { success: false, message: SOCKET_TEXTS.overlayReadOnly };
    if (!session.user) return { success: false, message: SOCKET_TEXTS.tooEarly };
    if (isQuery(type)) {
      const answer = await answerQuery(type, content ?? {}, this.actorOf(session), {
        state: this.runtime.engine.live.state,
        uploadsDir: this.runtime.uploadsDir,
      });
      return isRejection(answer) ? { success: false, message: answer.message } : { success: true, ...answer };
    }
    if (!isWireCommand(type)) return { success: false, message: SOCKET_TEXTS.unknownType(type) };
    if (type === 'gj') return this.joinTeam(session, content, commandId);
    if (type === 'gpw') return changeTeamPassword(this.runtime, this.actorOf(session), content, commandId, (input) => this.submit(session, input, commandId));
    return this.execute(session, inputFromWire(type, content, await this.resolveSecrets(type, content, session))!, commandId);
  }

  /**
   * gj through the secured-command step (src/identity/secured-command.ts): the access checks, the team
   * lookup (after catching up: a team just created through another instance) and the per-user and
   * per-team failure limits come before the password is verified, so neither a visitor nor a guesser
   * beyond the limit costs an argon2 verification. No password, or the fusion teams' "(none)", needs none.
   */
  private async joinTeam(session: Session, content: Record<string, unknown> | undefined, commandId: string | undefined): Promise<Record<string, unknown>> {
    const userId = session.user!.id;
    const password = typeof content?.password === 'string' ? content.password : '';
    let teamId: string | undefined;
    // Looked up once the dry run found the team (caught up when needed), the same for the limit and the check.
    const team = () => (teamId ??= teamByReference(this.runtime.engine.live.state, textOf(content?.id))?.id ?? '');
    const guards = this.runtime.teamPasswordGuards;
    // A resend keeps its commandId: that is its ticket for the appointment the hashing queue gave it.
    const ticket = commandId === undefined ? undefined : `ws:${userId}:${commandId}`;
    try {
      const outcome = await runSecured(this.runtime.engine, {
        input: inputFromWire('gj', content)!,
        actor: this.actorOf(session),
        limit: {
          take: async () => ((await guards.attempt(userId, team(), Date.now())) ? null : SOCKET_LIMIT_TEXTS.wrongTeamPasswords),
          giveBack: () => guards.giveBack(userId, team(), Date.now()),
        },
        proof:
          password === '' || password === FUSION_TEAM_PASSWORD
            ? undefined
            : { verdict: 'passwordOk', check: () => this.runtime.secrets.teamPasswords.matches(team(), password, ticket) },
        submit: (input) => this.submit(session, input, commandId),
      });
      // gj's reply has no extras (command-replies.ts).
      return outcome.ok ? { success: true } : refusal(outcome);
    } catch (error) {
      if (error instanceof HashingBusy) return { success: false, retry: true, retryAfterMs: error.retryAfterMs, message: HASHING_BUSY_TEXT };
      throw error;
    }
  }

  private async execute(session: Session, input: CommandInput, commandId: string | undefined): Promise<Record<string, unknown>> {
    const outcome = await this.submit(session, input, commandId);
    if (!outcome.ok) return refusal(outcome);
    const { engine, secrets } = this.runtime;
    const extras = await extrasFor(outcome.command, outcome.events, { state: engine.live.state, tokens: secrets.tokens });
    return { success: true, ...extras };
  }

  /** Admitted and executed; a success with its command (for the reply's extras). */
  private async submit(session: Session, input: CommandInput, commandId: string | undefined): Promise<Rejection | { ok: true; events: QuizShowEvent[]; command: Command }> {
    const { pipeline } = this.runtime.engine;
    const actor = this.actorOf(session);
    const command = pipeline.admit(input, actor);
    if (isRejection(command)) return command;
    // With a commandId a late answer is "try again" (the resend joins or finds it); without, it waits for the outcome.
    const outcome =
      commandId === undefined ? await pipeline.execute(command, actor) : await pipeline.executeForClient(command, actor, { commandId: userCommandId(actor.userId!, commandId) });
    return outcome.ok ? { ...outcome, command } : outcome;
  }

  /**
   * gi carries a secret: the rule gets only the edge's verdict, never the secret (gj: joinTeam).
   * Content with invalid text is not looked up (the store cannot take it as a parameter); admit refuses it.
   * Nor is a command that admission refuses (maintenance, access): the token is looked up only for one
   * that may run, so a refused sender learns nothing of it and uses nothing up.
   */
  private async resolveSecrets(code: string, content: Record<string, unknown> | undefined, session: Session): Promise<EdgeVerdict> {
    if (invalidTextRejection(content)) return {};
    if (isRejection(admit(this.runtime.engine.live.state, inputFromWire(code, content)!, this.actorOf(session)))) return {};
    if (code === 'gi') return { inviteId: await this.runtime.secrets.tokens.redeem('invite', content?.token) };
    return {};
  }

  private async authenticate(session: Session, token: unknown): Promise<Record<string, unknown>> {
    const payload = this.runtime.secrets.jwt.verify(token);
    // A user just registered (or a token issued) through another app instance may not be folded here yet.
    const user = payload ? await this.runtime.engine.live.findCaughtUp((state) => tokenHolder(state, payload)) : undefined;
    if (payload && this.runtime.engine.live.state.users.get(payload.id)?.blocked) return { success: false, message: BLOCKED_TEXT };
    if (!payload || !user) return { success: false, message: SOCKET_TEXTS.authFailed };
    this.signOff(session); // a second sa on the same socket switches the user
    if (session.authDeadline) clearTimeout(session.authDeadline);
    session.authDeadline = null;
    this.noLongerAnonymous(session);
    // Roles come from the state, not from the token: the token only says who is talking (and in which generation).
    session.user = { id: user.id, tokenGeneration: user.tokenGeneration };
    for (const oldest of this.socketsOfUser.add(user.id, session)) {
      this.signOff(oldest);
      oldest.socket.close(CLOSE_CODES.replaced, SOCKET_LIMIT_TEXTS.replaced);
    }
    const { socket } = session;
    session.client = { userId: user.id, send: (frame) => this.push(socket, frame) };
    this.runtime.hub.attach(session.client);
    if (this.runtime.presence.connected(user.id)) this.runtime.hub.refreshPresenceOf(user.id);
    // A player's token older than a day comes back renewed (src/auth/token-renewal.ts); the socket's generation is the same.
    const renewed = renewedToken(this.runtime.secrets.jwt, payload, user);
    return renewed ? { success: true, token: renewed } : { success: true };
  }

  /**
   * `sa` with `{overlay}`: a stream overlay page, by its link's token. The token is checked by computing
   * it again (no database read); a link this instance has not folded yet (just created through another
   * one) is looked up after catching up. The socket then receives the overlay scope only.
   */
  private async authenticateOverlay(session: Session, token: unknown): Promise<Record<string, unknown>> {
    const linkId = this.runtime.secrets.overlayTokens.linkIdOf(token);
    const link = linkId === null ? undefined : await this.runtime.engine.live.findCaughtUp((state) => workingOverlayLink(state, linkId));
    if (!link) return { success: false, message: SOCKET_TEXTS.overlayLinkInvalid };
    const pages = [...this.overlaySessions].filter((other) => other !== session && other.overlay?.linkId === link.id).length;
    if (pages >= OVERLAY_PAGES_PER_LINK) return { success: false, message: OVERLAY_LINK_TEXTS.tooManyPages(OVERLAY_PAGES_PER_LINK) };
    this.signOff(session); // a second sa on the same socket switches
    if (session.authDeadline) clearTimeout(session.authDeadline);
    session.authDeadline = null;
    this.noLongerAnonymous(session); // an overlay page is authenticated too: it leaves the per-address count of waiting sockets
    session.overlay = { linkId: link.id };
    const { socket } = session;
    session.client = { userId: null, send: (frame) => this.push(socket, frame) };
    this.overlaySessions.add(session);
    this.runtime.hub.attachOverlay(session.client);
    return { success: true };
  }

  /** The socket's user with the roles the live state gives them now (granted or revoked since `sa`). */
  private actorOf(session: Session): Actor {
    const id = session.user!.id;
    return { userId: id, roles: [...this.rolesOf(id)] };
  }

  private rolesOf(userId: string): readonly Role[] {
    return this.runtime.engine.live.state.users.get(userId)?.roles ?? [];
  }

  /** `{"type":"reply","id":…,"replyTo":…,"content":…}`, as JSON.stringify would write it. */
  private reply(session: Session, replyTo: unknown, content: ReplyContent): void {
    const id = typeof replyTo === 'number' || typeof replyTo === 'string' ? replyTo : null;
    const head = `{"type":"reply","id":${++this.replyId},"replyTo":${JSON.stringify(id)},"content":`;
    if (!(content instanceof SerializedContent)) return void this.send(session, `${head}${JSON.stringify(content)}}`);
    this.send(session, Buffer.concat([head, ...content.parts, '}'].map((part) => (typeof part === 'string' ? Buffer.from(part) : part))));
  }

  private send(session: Session, frame: string | Buffer): boolean {
    const socket = session.socket;
    if (socket.readyState !== socket.OPEN) return false;
    if (this.droppedIfSlow(socket)) return false;
    socket.send(frame, AS_TEXT); // bytes go out as a text frame too
    return true;
  }

  /** A push: the same frame to every socket of a scope; slow sockets are dropped by the sweep (SLOW_SOCKET_SWEEP_MS). */
  private push(socket: WebSocket, frame: string | Buffer): boolean {
    if (socket.readyState !== socket.OPEN) return false;
    if (typeof frame === 'string' || !writeWireFrame(socket, this.wireFrameOf(frame))) socket.send(frame, AS_TEXT);
    return true;
  }

  private wireFrameOf(payload: Buffer): Buffer {
    if (this.lastPushed?.payload !== payload) this.lastPushed = { payload, frame: wireTextFrame(payload) };
    return this.lastPushed.frame;
  }

  private droppedIfSlow(socket: WebSocket): boolean {
    if (socket.bufferedAmount <= MAX_BUFFERED_BYTES) return false;
    this.logger.warn(`dropping a client ${socket.bufferedAmount} bytes behind`);
    socket.terminate();
    return true;
  }

  private dropSlow(): void {
    for (const { socket } of this.sessions.values()) if (socket.readyState === socket.OPEN) this.droppedIfSlow(socket);
  }

  /** Open sockets by role, for /metrics: `anonymous` before sa, `overlay` for stream overlay pages, `player` without an operator role, else each role held. */
  socketsByRole(): Map<string, number> {
    const counts = new Map<string, number>();
    const count = (role: string) => counts.set(role, (counts.get(role) ?? 0) + 1);
    for (const { user, overlay } of this.sessions.values()) {
      const roles = user ? this.rolesOf(user.id) : null;
      if (overlay) count('overlay');
      else if (roles === null) count('anonymous');
      else if (roles.length === 0) count('player');
      else roles.forEach(count);
    }
    return counts;
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

/** A refusal's reply: the German text, and `retry` when the client should send the same command again. */
function refusal(rejection: Rejection): Record<string, unknown> {
  return { success: false, message: rejection.message, ...(rejection.retry ? { retry: true } : {}) };
}

/** The envelope, or what is wrong with the frame (with its id when that much could be read). */
function parseEnvelope(raw: string): Envelope | { problem: string; id: unknown } {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return { problem: SOCKET_TEXTS.notJson, id: null };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return { problem: SOCKET_TEXTS.badEnvelope, id: null };
  const { type, id, content, commandId } = message as Record<string, unknown>;
  if (typeof type !== 'string' || type.length === 0 || type.length > 20) return { problem: SOCKET_TEXTS.badEnvelope, id };
  if (content !== undefined && content !== null && (typeof content !== 'object' || Array.isArray(content))) return { problem: SOCKET_TEXTS.badContent, id };
  if (commandId !== undefined && commandId !== null && (typeof commandId !== 'string' || commandId.length === 0 || commandId.length > MAX_COMMAND_ID_LENGTH)) {
    return { problem: SOCKET_TEXTS.badCommandId, id };
  }
  return { type, id, content: (content ?? undefined) as Record<string, unknown> | undefined, commandId: commandId ?? undefined };
}

/**
 * The pipeline's command id of a client's `commandId`: a name-based UUID of both, so the same id from
 * the same user is the same command on every socket and after every restart, and two users' ids never meet.
 */
export function userCommandId(userId: string, clientCommandId: string): string {
  return nameBasedUuid(`client-command:${JSON.stringify([userId, clientCommandId])}`);
}
