/**
 * The realtime client: one WebSocket to /ws, authenticated with `sa`, loaded with `sg`, kept current by
 * `st` pushes per scope (full value or RFC 6902 patch), re-synced on a version gap, request/reply by id,
 * and reconnected after a drop by the spec's rules. It only transports: the views live in one holder
 * (the live slice, see storeBinding.ts); the client tracks each scope's version, hands the holder every
 * snapshot and every push in order, and asks for a fresh snapshot on a gap or a patch that does not fit.
 * Every command carries a `commandId`; one that was unanswered when its socket closed is sent again,
 * with the same `commandId`, once the next socket is authenticated and loaded (the server answers a
 * repeat as the first, PROTOCOL.md). Plain TypeScript: the socket, clock, timers, randomness, page
 * visibility and reload come in as dependencies, so it runs in node tests as well.
 */
import { FRAME_TOO_LARGE, MAX_FRAME_BYTES, utf8Length } from '@wire/frame';
import { backoffMs, resendDelayMs } from '@wire/backoff';
import { SOCKET_CLOSE_CODES } from '@wire/close-codes';
import { MAINTENANCE_EXEMPT_CODES } from '@wire/command-contents';
import type { CommandReply, StatePush, ViewOfScope, ViewScope } from '@wire/replies';
import type { GlobalView } from '@live/views/views';
import { serverOffset } from '../logic/countdown';
import { EMPTY_VIEWS, VIEW_SCOPES, featureFlag, type Views } from './views';

export interface SocketHandlers {
  onOpen(): void;
  onMessage(data: string): void;
  /** `code`: the close code, where the socket reports one. */
  onClose(code?: number): void;
}

/**
 * The server closed this socket because its user opened a sixth one (src/limits/sockets-and-team-passwords.ts):
 * reconnecting would close another of the user's tabs in turn, so this one stays closed.
 */
export const REPLACED_CLOSE_CODE = SOCKET_CLOSE_CODES.replaced;

export interface SocketLike {
  send(data: string): void;
  close(): void;
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

/** The server's reply to a message (wire/replies.ts): success with the code's extras, or failure with its message. */
export type { CommandReply };

/** Why a request could not be answered; the UI maps each code to the spec's socket message. */
export type RealtimeErrorCode = 'tooEarly' | 'maintenance' | 'closed' | 'authFailed';

/** A push whose scope and version were checked. */
type ScopedPush = RawPush & { scope: ViewScope; version: number };

export class RealtimeError extends Error {
  constructor(readonly code: RealtimeErrorCode) {
    super(code);
    this.name = 'RealtimeError';
  }
}

export type ConnectionStatus = 'idle' | 'connecting' | 'ready' | 'maintenanceWait' | 'closed' | 'stopped';

export type RealtimeEvent =
  | { kind: 'status'; status: ConnectionStatus }
  | { kind: 'notice'; code: RealtimeErrorCode }
  /**
   * A command answered `retry: true` goes again shortly, same commandId: the server could not reach its
   * database (`waitMs` null), or its password hashing queue is full and named the moment (`waitMs`).
   */
  | { kind: 'resending'; waitMs: number | null }
  /** `sa` answered with a renewed login token (docs/protocol.md, "Token renewal"): the session keeps it. */
  | { kind: 'tokenRenewed'; token: string };

/** The one holder of the live views; the client keeps no copy. */
export interface LiveViewsHolder {
  /** Replaces every view with a fresh `sg` snapshot; `scopes`: the scopes it was asked for (null: all). */
  loadSnapshot(snapshot: { views: Views; serverOffsetMs: number; scopes: ViewScope[] | null }): void;
  /** Applies a scope's next version; false when its patch does not fit the held view. */
  applyPush(push: StatePush): boolean;
  /** The held global view: its state, recheckAt and feature flags steer the connection. */
  global(): GlobalView | null;
}

export interface RealtimeOptions {
  url: string;
  createSocket: SocketFactory;
  getToken(): string | null;
  views: LiveViewsHolder;
  onEvent(event: RealtimeEvent): void;
  /** When the page was last hidden (epoch ms), or null if it has not been hidden. */
  lastHiddenAt?(): number | null;
  reload?(): void;
  now?(): number;
  random?(): number;
  setTimeout?(fn: () => void, ms: number): unknown;
  clearTimeout?(handle: unknown): void;
  heartbeatMs?: number;
  reloadDelayMs?: number;
  /** A fresh id for each command (default: a random UUID). */
  newCommandId?(): string;
  /** The content of `sa` for the token (default `{token}`: a login; the stream overlay sends `{overlay}`). */
  authContent?(token: string): object;
  /**
   * After a drop: `reload` (the app's default, by the spec's rules above), or `backoff`: reconnect with
   * exponential backoff and jitter until the server is back, never reloading (the stream overlay: a
   * browser source must carry on by itself through a server restart). A closed-for-good code (4001,
   * 4003) or a refused `sa` ends it in both.
   */
  reconnect?: 'reload' | 'backoff';
  /**
   * The views the current screen shows besides every screen's (global, user, team), asked for with
   * `sg {scopes}`; pushes of other scopes are left aside until a screen wants them (`screenChanged`).
   * null (the default): every view the user receives.
   */
  scopes?(): readonly ViewScope[] | null;
  /**
   * Awaited between a snapshot's arrival and handing it to the holder: the browser passes a yield to its
   * next task, so the reply's parse and the screen's render are two tasks, not one long one.
   */
  yieldToRender?(): Promise<void>;
}

/** The views every screen reads (the navbar, the connection banner, a player's own). */
export const EVERY_SCREENS_SCOPES: readonly ViewScope[] = ['global', 'user', 'team'];

/** Whether a snapshot asked for `held` (null: all) holds every scope of `wanted` (null: all). */
export function holdsScopes(held: readonly ViewScope[] | null, wanted: readonly ViewScope[] | null): boolean {
  if (held === null) return true;
  return wanted !== null && wanted.every((scope) => held.includes(scope));
}

export const HEARTBEAT_MS = 30_000;
export const RELOAD_DELAY_MS = 1_500;
export const VISIBILITY_WINDOW_MS = 5 * 60_000;
export const RECONNECT_JITTER_MS = 10_000;
/** The codes that pass during maintenance, as their table entries declare (wire/command-contents.ts). */
export const MAINTENANCE_ALLOWED: ReadonlySet<string> = new Set(MAINTENANCE_EXEMPT_CODES);
/**
 * Resends of a command answered `retry: true`: backoff from 500 ms, capped at 5 s, with jitter; after the
 * last the reply stands. A reply that names its wait (`retryAfterMs`: an appointment of the hashing queue)
 * is resent then, however often: the player keeps their place in line and is never turned away.
 */
export const RESEND_BASE_MS = 500;
export const RESEND_CAP_MS = 5_000;
export const RESEND_ATTEMPTS = 12;
/** Reconnects in `backoff` mode: from 500 ms, capped at 10 s, with jitter (a restart takes seconds; a thousand pages spread out). */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_CAP_MS = 10_000;

interface Pending {
  resolve(reply: CommandReply): void;
  reject(error: RealtimeError): void;
}

/** A command of the app: sent when the state is loaded, and again after a reconnect while unanswered. */
interface Queued {
  type: string;
  content: object;
  commandId: string;
  pending: Pending;
  /** How often it was answered `retry: true` so far. */
  retries?: number;
}

/** What waits for a reply: a command (resent after a drop), or the client's own sa/sg (done again anyway). */
interface InFlight {
  pending: Pending;
  command: Queued | null;
}

interface Envelope {
  type: string;
  id?: number;
  replyTo?: number;
  content?: unknown;
}

/** An `st` frame's content as it arrives: checked before it reaches the holder. */
interface RawPush {
  scope?: unknown;
  version?: unknown;
  value?: unknown;
  patch?: unknown;
}

function isScope(value: unknown): value is ViewScope {
  return typeof value === 'string' && (VIEW_SCOPES as readonly string[]).includes(value);
}

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private status: ConnectionStatus = 'idle';
  private versions: Partial<Record<ViewScope, number>> = {};
  /** The scopes the last snapshot asked for (null: all); pushes of the others are left aside. */
  private requested: ViewScope[] | null = null;
  /** The maintenance wait is over: until the next snapshot the held view's "ma" no longer holds commands back. */
  private maintenanceWaitOver = false;
  private nextId = 1;
  private readonly pending = new Map<number, InFlight>();
  private queue: Queued[] = [];
  private syncing = false;
  /**
   * Pushes that arrived while a re-sync waited for its snapshot: applied after it, in order (those the
   * snapshot already holds are skipped by their version). Dropping them would lose a change sent after
   * the snapshot whenever its frame is handled before the reply's continuation runs.
   */
  private pushesDuringSync: ScopedPush[] = [];
  private heartbeat: unknown = null;
  private reconnectTimer: unknown = null;
  /** Commands answered `retry: true`, waiting for their resend. */
  private readonly resends = new Map<Queued, unknown>();
  /** Reconnects since the last ready socket (`backoff` mode). */
  private reconnects = 0;
  private readonly o: Required<RealtimeOptions>;

  constructor(options: RealtimeOptions) {
    this.o = {
      lastHiddenAt: () => null,
      reload: () => undefined,
      now: () => Date.now(),
      random: () => Math.random(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      heartbeatMs: HEARTBEAT_MS,
      reloadDelayMs: RELOAD_DELAY_MS,
      newCommandId: randomUuid,
      authContent: (token) => ({ token }),
      reconnect: 'reload',
      scopes: () => null,
      yieldToRender: () => Promise.resolve(),
      ...options,
    };
  }

  getStatus(): ConnectionStatus {
    return this.status;
  }

  getVersions(): Partial<Record<ViewScope, number>> {
    return this.versions;
  }

  /** Opens the socket; raises the spec's "too early" notice when there is no token yet. */
  start(): void {
    if (this.status === 'connecting' || this.status === 'ready') return;
    if (!this.o.getToken()) {
      this.o.onEvent({ kind: 'notice', code: 'tooEarly' });
      return;
    }
    this.connect();
  }

  /** Closes for good (logout): no reconnect, pending requests fail. */
  stop(): void {
    this.setStatus('stopped');
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.failAll('closed');
    this.versions = {};
    this.requested = null;
    this.maintenanceWaitOver = false;
  }

  private inMaintenance(): boolean {
    return !this.maintenanceWaitOver && this.o.views.global()?.state === 'ma';
  }

  /**
   * Sends a command and resolves with the server's reply content (success true or false).
   * Waits until the state is loaded; rejects in maintenance, without a token, or after stop(). When
   * the socket closes before the reply, the command is sent again (same commandId) after reconnecting.
   */
  request<Code extends string>(type: Code, content: object = {}): Promise<CommandReply<Code>> {
    return new Promise<CommandReply>((resolve, reject) => {
      const command: Queued = { type, content, commandId: this.o.newCommandId(), pending: { resolve, reject } };
      if (!this.o.getToken()) return reject(new RealtimeError('tooEarly'));
      if (this.inMaintenance() && !MAINTENANCE_ALLOWED.has(type)) {
        this.o.onEvent({ kind: 'notice', code: 'maintenance' });
        return reject(new RealtimeError('maintenance'));
      }
      if (this.status === 'stopped' || this.status === 'closed') return reject(new RealtimeError('closed'));
      if (this.status !== 'ready') {
        this.queue.push(command);
        if (this.status === 'idle') this.start();
        return;
      }
      this.send(command);
    });
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.o.onEvent({ kind: 'status', status });
  }

  private connect(): void {
    this.setStatus('connecting');
    this.syncing = false;
    this.pushesDuringSync = [];
    let socket: SocketLike | null = null;
    const isCurrent = () => socket !== null && this.socket === socket;
    socket = this.o.createSocket(this.o.url, {
      onOpen: () => {
        if (isCurrent()) void this.authenticate();
      },
      onMessage: (data) => {
        if (isCurrent()) this.receive(data);
      },
      onClose: (code) => {
        if (isCurrent()) this.handleClose(code);
      },
    });
    this.socket = socket;
  }

  private async authenticate(): Promise<void> {
    const token = this.o.getToken();
    if (!token) {
      this.o.onEvent({ kind: 'notice', code: 'tooEarly' });
      return;
    }
    let reply: CommandReply<'sa'>;
    try {
      reply = await this.direct('sa', this.o.authContent(token));
    } catch {
      return;
    }
    if (!reply.success && reply.retry === true) {
      // The server could not look the user up in its database just now: the same socket tries again.
      const socket = this.socket;
      this.o.setTimeout(
        () => {
          if (this.socket === socket && socket !== null) void this.authenticate();
        },
        backoffMs(1, this.o.random(), { baseMs: RESEND_BASE_MS, capMs: RESEND_CAP_MS }),
      );
      return;
    }
    if (!reply.success) {
      this.o.onEvent({ kind: 'notice', code: 'authFailed' });
      this.failQueue('authFailed');
      this.stopSocketQuietly('closed');
      return;
    }
    if (typeof reply.token === 'string') this.o.onEvent({ kind: 'tokenRenewed', token: reply.token });
    if (await this.resync()) {
      this.reconnects = 0;
      this.setStatus('ready');
      this.startHeartbeat();
      const queued = this.queue;
      this.queue = [];
      for (const q of queued) {
        if (this.inMaintenance() && !MAINTENANCE_ALLOWED.has(q.type)) {
          this.o.onEvent({ kind: 'notice', code: 'maintenance' });
          q.pending.reject(new RealtimeError('maintenance'));
        } else this.send(q);
      }
    }
  }

  /** The scopes the current screen shows (null: all), with every screen's. */
  private wantedScopes(): ViewScope[] | null {
    const extra = this.o.scopes();
    return extra === null ? null : [...new Set([...EVERY_SCREENS_SCOPES, ...extra])];
  }

  /** The app moved to another screen: a view it shows that the held snapshot lacks is loaded now. */
  screenChanged(): void {
    if (this.status === 'ready' && !holdsScopes(this.requested, this.wantedScopes())) void this.resync();
  }

  /** Loads a fresh snapshot with `sg` (of the scopes the screen shows); true when it arrived. */
  private async resync(): Promise<boolean> {
    if (this.syncing) return false;
    this.syncing = true;
    const sentAt = this.o.now();
    const wanted = this.wantedScopes();
    const reply = await this.direct('sg', wanted === null ? {} : { scopes: wanted }).catch(() => null);
    if (reply?.success) await this.o.yieldToRender();
    const later = this.pushesDuringSync;
    this.syncing = false;
    this.pushesDuringSync = [];
    if (!reply?.success) return false;
    const receivedAt = this.o.now();
    const views: Views = { ...EMPTY_VIEWS };
    for (const scope of VIEW_SCOPES) {
      const view = reply.views[scope];
      if (view !== undefined && view !== null) (views as Record<ViewScope, unknown>)[scope] = view;
    }
    this.versions = { ...reply.versions };
    this.requested = wanted;
    this.maintenanceWaitOver = false;
    this.o.views.loadSnapshot({
      views,
      serverOffsetMs: serverOffset(reply.serverTime, sentAt, receivedAt),
      scopes: wanted,
    });
    for (const push of later) this.applyPush(push);
    // The screen changed while this snapshot was on its way: the views it shows now.
    if (!holdsScopes(this.requested, this.wantedScopes())) void this.resync();
    return true;
  }

  /** Sends on the open socket right away (sa, sg), bypassing the ready queue. */
  private direct<Code extends string>(type: Code, content: object): Promise<CommandReply<Code>> {
    return new Promise<CommandReply>((resolve, reject) =>
      this.transmit({ type, content }, { pending: { resolve, reject }, command: null }),
    ) as Promise<CommandReply<Code>>;
  }

  private send(command: Queued): void {
    const { type, content, commandId } = command;
    this.transmit({ type, content, commandId }, { pending: command.pending, command });
  }

  private transmit(frame: { type: string; content: object; commandId?: string }, inFlight: InFlight): void {
    const socket = this.socket;
    if (!socket) return this.dropped([inFlight]);
    const id = this.nextId++;
    const text = JSON.stringify({ ...frame, id });
    // The server would close the socket (1009) for a frame over its limit: refuse it here instead.
    if (utf8Length(text) > MAX_FRAME_BYTES)
      return inFlight.pending.resolve({ success: false, message: FRAME_TOO_LARGE } as CommandReply);
    this.pending.set(id, inFlight);
    try {
      socket.send(text);
    } catch {
      this.pending.delete(id);
      this.dropped([inFlight]);
    }
  }

  /** Left without a reply by a closed socket: commands wait for the next socket, sa/sg fail. */
  private dropped(inFlight: InFlight[]): void {
    const commands = inFlight.flatMap((f) => (f.command ? [f.command] : []));
    this.queue = [...commands, ...this.queue];
    for (const f of inFlight) if (!f.command) f.pending.reject(new RealtimeError('closed'));
  }

  private receive(data: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(data) as Envelope;
    } catch {
      return;
    }
    if (envelope.type === 'reply' && typeof envelope.replyTo === 'number') {
      const inFlight = this.pending.get(envelope.replyTo);
      if (!inFlight) return;
      this.pending.delete(envelope.replyTo);
      const content = (envelope.content ?? {}) as { success?: unknown; retry?: unknown; retryAfterMs?: unknown };
      const named = typeof content.retryAfterMs === 'number' ? content.retryAfterMs : undefined;
      if (
        inFlight.command &&
        content.success !== true &&
        content.retry === true &&
        this.resendLater(inFlight.command, named)
      )
        return;
      // The server's reply as it is (wire/replies.ts); anything but success true counts as a failure.
      inFlight.pending.resolve({ ...content, success: content.success === true } as CommandReply);
      return;
    }
    if (envelope.type === 'st') this.receivePush(envelope.content as RawPush | undefined);
  }

  /**
   * A command the server could not take yet (its database was away, or its hashing queue full): sent
   * again with the same commandId, so it is applied once whatever happened to the first, after the wait
   * the server named or else a backoff. False after the last attempt without a named wait.
   */
  private resendLater(command: Queued, retryAfterMs?: number): boolean {
    const retries = command.retries ?? 0;
    if (retryAfterMs === undefined && retries >= RESEND_ATTEMPTS) return false;
    command.retries = retries + 1;
    const delay = resendDelayMs(retries, this.o.random(), retryAfterMs, {
      baseMs: RESEND_BASE_MS,
      capMs: RESEND_CAP_MS,
    });
    this.o.onEvent({ kind: 'resending', waitMs: retryAfterMs === undefined ? null : delay });
    const timer = this.o.setTimeout(() => {
      this.resends.delete(command);
      if (this.status === 'ready') this.send(command);
      else this.queue.push(command);
    }, delay);
    this.resends.set(command, timer);
    return true;
  }

  /** Hands a push on in version order: a whole value at any newer version, a patch only at the next one. */
  private receivePush(raw: RawPush | undefined): void {
    if (!raw || !isScope(raw.scope) || typeof raw.version !== 'number') return;
    const push: ScopedPush = { ...raw, scope: raw.scope, version: raw.version };
    // While a snapshot is on its way (the first one too) the push waits for it; before that, the snapshot holds it.
    if (this.syncing) this.pushesDuringSync.push(push);
    else if (this.status === 'ready') this.applyPush(push);
  }

  private applyPush(raw: ScopedPush): void {
    const { scope, version } = raw;
    if (this.requested !== null && !this.requested.includes(scope)) return;
    const current = this.versions[scope];
    if (current !== undefined && version <= current) return;
    let push: StatePush;
    if (raw.value !== undefined) push = { scope, version, value: raw.value as ViewOfScope[ViewScope] | null };
    else if (current !== undefined && version === current + 1 && Array.isArray(raw.patch))
      push = { scope, version, patch: raw.patch };
    else {
      void this.resync();
      return;
    }
    if (!this.o.views.applyPush(push)) {
      void this.resync();
      return;
    }
    this.versions = { ...this.versions, [scope]: version };
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    const beat = () => {
      this.heartbeat = this.o.setTimeout(beat, this.o.heartbeatMs);
      // A heartbeat without effect: its reply is not awaited.
      if (this.status === 'ready') this.socket?.send(JSON.stringify({ type: 'ping', id: this.nextId++, content: {} }));
    };
    this.heartbeat = this.o.setTimeout(beat, this.o.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) this.o.clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }

  private clearTimers(): void {
    this.stopHeartbeat();
    if (this.reconnectTimer !== null) this.o.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private failAll(code: RealtimeErrorCode): void {
    const inFlight = [...this.pending.values()];
    this.pending.clear();
    for (const f of inFlight) f.pending.reject(new RealtimeError(code));
    this.failQueue(code);
  }

  private failQueue(code: RealtimeErrorCode): void {
    for (const [command, timer] of this.resends) {
      this.o.clearTimeout(timer);
      command.pending.reject(new RealtimeError(code));
    }
    this.resends.clear();
    const queued = this.queue;
    this.queue = [];
    for (const q of queued) q.pending.reject(new RealtimeError(code));
  }

  private stopSocketQuietly(status: ConnectionStatus): void {
    const socket = this.socket;
    this.socket = null;
    this.clearTimers();
    socket?.close();
    this.setStatus(status);
  }

  /**
   * The spec's rules after a drop: maintenance wait with jitter, quick reconnect after a short hide, else
   * reload. Unanswered commands stay queued (in the order sent) for the next socket.
   */
  private handleClose(code?: number): void {
    this.socket = null;
    this.clearTimers();
    const inFlight = [...this.pending.entries()].sort(([a], [b]) => a - b).map(([, f]) => f);
    this.pending.clear();
    this.dropped(inFlight);
    if (code === REPLACED_CLOSE_CODE) {
      this.setStatus('closed');
      this.o.onEvent({ kind: 'notice', code: 'closed' });
      return;
    }
    if (this.o.reconnect === 'backoff') return this.reconnectLater(code);
    const now = this.o.now();
    const global = this.o.views.global();
    const recheckAt = global?.recheckAt ?? null;
    if (this.inMaintenance() && recheckAt !== null && recheckAt > now) {
      this.setStatus('maintenanceWait');
      const wait = recheckAt - now + this.o.random() * RECONNECT_JITTER_MS;
      this.reconnectTimer = this.o.setTimeout(() => {
        this.reconnectTimer = null;
        this.maintenanceWaitOver = true;
        this.connect();
      }, wait);
      return;
    }
    const hiddenAt = this.o.lastHiddenAt();
    if (
      hiddenAt !== null &&
      now - hiddenAt < VISIBILITY_WINDOW_MS &&
      featureFlag(global?.featureFlags ?? null, 'recreateSocketOnVisibilityLost')
    ) {
      this.connect();
      return;
    }
    this.setStatus('closed');
    this.o.onEvent({ kind: 'notice', code: 'closed' });
    this.reconnectTimer = this.o.setTimeout(() => this.o.reload(), this.o.reloadDelayMs);
  }

  /**
   * `backoff` mode after a drop: a revoked token (4003) is refused for good, like a refused `sa`;
   * anything else (the server restarting, the network away) is tried again on the backoff curve,
   * the same socket URL, until it answers; the views held stay shown meanwhile.
   */
  private reconnectLater(code?: number): void {
    if (code === SOCKET_CLOSE_CODES.tokenRevoked) {
      this.setStatus('closed');
      this.o.onEvent({ kind: 'notice', code: 'authFailed' });
      this.failQueue('authFailed');
      return;
    }
    this.setStatus('connecting');
    const wait = backoffMs(this.reconnects++, this.o.random(), { baseMs: RECONNECT_BASE_MS, capMs: RECONNECT_CAP_MS });
    this.reconnectTimer = this.o.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, wait);
  }
}

/** A version 4 UUID; crypto.randomUUID exists only in secure contexts (https, localhost), getRandomValues everywhere. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const view = new DataView(bytes.buffer);
  view.setUint8(6, (view.getUint8(6) & 0x0f) | 0x40);
  view.setUint8(8, (view.getUint8(8) & 0x3f) | 0x80);
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
