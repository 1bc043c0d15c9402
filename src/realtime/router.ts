/**
 * The router of `/ws` messages (PROTOCOL.md): `route(session, envelope)` answers one message of one
 * session with its reply's content. It knows no socket: the transport (socket-sessions.ts) reads the
 * frames and writes the replies, socket-auth.ts says who a session is. `sa` authenticates, `sg` loads
 * the views, `ping` answers the time, a query answers from the state, and a command runs through the
 * pipeline: one whose table entry declares a secret goes through that secret's handling first
 * (secured-parts.ts), so no command has a branch of its own here.
 */
import type { Actor, Role } from '../../events';
import { requestedScopes, type ViewScope } from '../../wire';
import { entryOf, inputFromWire, isRejection, type Command, type CommandInput, type EdgeSecret } from '../commands';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import { SOCKET_TEXTS } from '../edge-texts';
import { RETRY_LATER, type CommandOutcome } from '../engine/command-pipeline';
import type { Engine } from '../engine/engine';
import { HASHING_BUSY_TEXT, HashingBusy } from '../identity/passwords';
import { answerQuery, isQuery } from '../queries/query-table';
import { nameBasedUuid } from '../store/event-ids';
import { isUnavailable, STORE_UNAVAILABLE_TEXT } from '../store/unavailable';
import { extrasFor } from './command-replies';
import { refusal, SerializedContent, type Envelope, type ReplyContent } from './envelope';
import type { SecuredPart } from './secured-parts';
import type { PushClient, RoutedSession } from './session';

/** Who a session is, by `sa`'s content (socket-auth.ts). */
export interface SessionAuth<S extends RoutedSession> {
  user(session: S, token: unknown): Promise<Record<string, unknown>>;
  overlay(session: S, token: unknown): Promise<Record<string, unknown>>;
}

export interface RouterOptions<S extends RoutedSession> {
  readonly engine: Pick<Engine, 'live' | 'pipeline'>;
  readonly auth: SessionAuth<S>;
  /** The `sg` snapshot of a client's views (those named, or all), serialized in pieces (PushHub.snapshotParts). */
  readonly snapshot: (client: PushClient, only: ReadonlySet<ViewScope> | null) => Array<string | Buffer>;
  readonly securedParts: Readonly<Record<EdgeSecret, SecuredPart>>;
  /** The one-time tokens some replies carry (command-replies.ts). */
  readonly tokens: OneTimeTokens;
  readonly uploadsDir: string;
  readonly logError: (message: string) => void;
}

export class SocketRouter<S extends RoutedSession> {
  constructor(private readonly options: RouterOptions<S>) {}

  /** The reply's content to one message; a failure of the store or of the hashing queue is answered, never thrown. */
  async route(session: S, envelope: Envelope): Promise<ReplyContent> {
    try {
      return await this.handle(session, envelope);
    } catch (error) {
      if (isUnavailable(error)) return { success: false, message: STORE_UNAVAILABLE_TEXT, retry: true };
      if (error instanceof HashingBusy)
        return { success: false, retry: true, retryAfterMs: error.retryAfterMs, message: HASHING_BUSY_TEXT };
      this.options.logError(`message failed: ${String(error)}`);
      return { success: false, message: RETRY_LATER };
    }
  }

  private async handle(session: S, { type, content, commandId }: Envelope): Promise<ReplyContent> {
    const { auth, engine, snapshot, uploadsDir } = this.options;
    if (type === 'sa')
      return content?.overlay !== undefined
        ? auth.overlay(session, content.overlay)
        : auth.user(session, content?.token);
    if (!session.client) return { success: false, message: SOCKET_TEXTS.tooEarly };
    // {success, serverTime, views, versions}, the views as the hub keeps them serialized.
    if (type === 'sg') {
      const only = content?.scopes === undefined ? null : requestedScopes(content.scopes);
      if (content?.scopes !== undefined && only === null) return { success: false, message: SOCKET_TEXTS.badScopes };
      return new SerializedContent([
        `{"success":true,"serverTime":${Date.now()},`,
        ...snapshot(session.client, only),
        '}',
      ]);
    }
    if (type === 'ping') return { success: true, serverTime: Date.now() };
    if (session.overlay) return { success: false, message: SOCKET_TEXTS.overlayReadOnly };
    if (!session.user) return { success: false, message: SOCKET_TEXTS.tooEarly };
    const actor = this.actorOf(session.user.id);
    if (isQuery(type)) {
      const answer = await answerQuery(type, content ?? {}, actor, { state: engine.live.state, uploadsDir });
      return isRejection(answer) ? { success: false, message: answer.message } : { success: true, ...answer };
    }
    const input = inputFromWire(type, content); // null: no command of the wire has this code
    if (input === null) return { success: false, message: SOCKET_TEXTS.unknownType(type) };
    return this.command(input, content, actor, commandId);
  }

  /** A command: through its entry's secured part when it declares one, then the pipeline; a success carries its extras. */
  private async command(
    input: CommandInput,
    content: Envelope['content'],
    actor: Actor & { userId: string },
    commandId: string | undefined,
  ): Promise<Record<string, unknown>> {
    const admitted: { command?: Command } = {};
    const submit = async (secured: CommandInput): Promise<CommandOutcome> => {
      const command = this.options.engine.pipeline.admit(secured, actor);
      if (isRejection(command)) return command;
      admitted.command = command;
      return this.execute(command, actor, commandId);
    };
    const secret = entryOf(input.type)?.secured;
    const outcome =
      secret === undefined
        ? await submit(input)
        : await this.options.securedParts[secret]({ input, content, actor, commandId, submit });
    if (!outcome.ok) return refusal(outcome);
    const { engine, tokens } = this.options;
    const extras = admitted.command
      ? await extrasFor(admitted.command, outcome.events, { state: engine.live.state, tokens })
      : {};
    return { success: true, ...extras };
  }

  /** With a commandId a late answer is "try again" (the resend joins or finds it); without, it waits for the outcome. */
  private execute(
    command: Command,
    actor: Actor & { userId: string },
    commandId: string | undefined,
  ): Promise<CommandOutcome> {
    const { pipeline } = this.options.engine;
    if (commandId === undefined) return pipeline.execute(command, actor);
    return pipeline.executeForClient(command, actor, { commandId: userCommandId(actor.userId, commandId) });
  }

  /** The user with the roles the live state gives them now (granted or revoked since `sa`). */
  private actorOf(userId: string): Actor & { userId: string } {
    return { userId, roles: [...this.rolesOf(userId)] };
  }

  rolesOf(userId: string): readonly Role[] {
    return this.options.engine.live.state.users.get(userId)?.roles ?? [];
  }
}

/**
 * The pipeline's command id of a client's `commandId`: a name-based UUID of both, so the same id from
 * the same user is the same command on every socket and after every restart, and two users' ids never meet.
 */
export function userCommandId(userId: string, clientCommandId: string): string {
  return nameBasedUuid(`client-command:${JSON.stringify([userId, clientCommandId])}`);
}
