import { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import {
  RealtimeClient,
  REPLACED_CLOSE_CODE,
  RealtimeError,
  RESEND_ATTEMPTS,
  type RealtimeEvent,
  type RealtimeOptions,
  type SocketFactory,
} from '../../web/src/realtime/client';
import type { PatchOperation } from '../../web/src/realtime/patch';
import { bindToStore } from '../../web/src/realtime/storeBinding';
import { createAppStore, type AppStore } from '../../web/src/store';
import type { ProposalView, TesterView, Views } from '../../web/src/realtime/views';
import type { ViewScope } from '../../wire/replies';
import { t } from '../../web/src/texts';
import { baseGlobal, baseTeam, baseUser } from './support/views';

/** A real WebSocket server speaking PROTOCOL.md, scripted by the test. */
class TestServer {
  readonly wss: WebSocketServer;
  readonly received: Array<{ type: string; id: number; content: Record<string, unknown>; commandId?: string }> = [];
  /** Message types received but not answered (as by a server that died before replying). */
  readonly unanswered = new Set<string>();
  /** Commands answered `retry: true` (the database away) this many more times before they succeed. */
  retryAnswers = 0;
  /** Commands answered `retry: true` with `retryAfterMs` (the hashing queue full) this many more times. */
  queueAnswers = 0;
  /** The renewed token `sa` answers with, if any. */
  renewedToken: string | null = null;
  sockets: WebSocket[] = [];
  views: Partial<Views> = { global: baseGlobal, user: baseUser };
  versions: Record<string, number> = { global: 1, user: 1 };
  serverTime = 0;
  acceptToken = 'good';
  private nextId = 1;

  constructor(port = 0) {
    this.wss = new WebSocketServer({ port, host: '127.0.0.1' });
    this.wss.on('connection', (socket) => {
      this.sockets.push(socket);
      socket.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { type: string; id: number; content: Record<string, unknown> };
        this.received.push(msg);
        this.answer(socket, msg);
      });
    });
  }

  listening(): Promise<void> {
    return new Promise((resolve) => (this.wss.address() ? resolve() : this.wss.once('listening', () => resolve())));
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/ws`;
  }

  types(): string[] {
    return this.received.map((m) => m.type);
  }

  private answer(socket: WebSocket, msg: { type: string; id: number; content: Record<string, unknown> }): void {
    if (this.unanswered.has(msg.type)) return;
    let content: Record<string, unknown>;
    if (msg.type === 'sa' && this.retryAnswers > 0) {
      this.retryAnswers--;
      content = {
        success: false,
        retry: true,
        message: 'Der Server erreicht seine Datenbank gerade nicht. Bitte versuche es gleich noch einmal.',
      };
    } else if (msg.type === 'sa') {
      const success = (msg.content.token ?? msg.content.overlay) === this.acceptToken;
      content = success && this.renewedToken ? { success, token: this.renewedToken } : { success };
    } else if (msg.type === 'sg') {
      // As the server: with `scopes`, only those of the views (src/realtime/push-hub.ts, snapshotParts).
      const only = Array.isArray(msg.content.scopes) ? (msg.content.scopes as string[]) : null;
      const pick = <V>(all: Record<string, V>) =>
        Object.fromEntries(Object.entries(all).filter(([scope]) => only === null || only.includes(scope)));
      content = {
        success: true,
        serverTime: this.serverTime || Date.now(),
        views: pick(this.views),
        versions: pick(this.versions),
      };
    } else if (msg.type === 'gp' && this.queueAnswers > 0) {
      this.queueAnswers--;
      content = {
        success: false,
        retry: true,
        retryAfterMs: 40,
        message: 'Der Server ist gerade sehr beschäftigt. Bitte versuche es gleich noch einmal.',
      };
    } else if (msg.type === 'gp' && this.retryAnswers > 0) {
      this.retryAnswers--;
      content = {
        success: false,
        retry: true,
        message: 'Der Server erreicht seine Datenbank gerade nicht. Bitte versuche es gleich noch einmal.',
      };
    } else if (msg.type === 'gp') content = { success: true, echo: msg.content.message };
    else if (msg.type === 'ping') return;
    else content = { success: false, message: 'Unbekannt' };
    this.reply(socket, msg.id, content);
  }

  reply(socket: WebSocket, replyTo: number, content: Record<string, unknown>): void {
    socket.send(JSON.stringify({ type: 'reply', id: this.nextId++, replyTo, content }));
  }

  push(scope: string, version: number, change: { patch: PatchOperation[] } | { value: unknown }): void {
    for (const s of this.sockets)
      s.send(JSON.stringify({ type: 'st', id: this.nextId++, content: { scope, version, ...change } }));
  }

  dropAll(): void {
    for (const s of this.sockets) s.terminate();
    this.sockets = [];
  }

  close(): Promise<void> {
    this.dropAll();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

const nodeSocket: SocketFactory = (url, handlers) => {
  const ws = new WebSocket(url);
  ws.on('open', () => handlers.onOpen());
  ws.on('message', (data) => handlers.onMessage(data.toString()));
  ws.on('close', (code) => handlers.onClose(code));
  ws.on('error', () => undefined);
  return { send: (data) => ws.send(data), close: () => ws.close() };
};

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('realtime client against a real ws server', () => {
  let server: TestServer;
  let client: RealtimeClient;
  let store: AppStore;
  let events: RealtimeEvent[];
  let token: string | null;

  /** A client bound to a real store (the one holder of the views); its events are recorded as well. */
  function makeClient(extra: Partial<RealtimeOptions> = {}): RealtimeClient {
    store = createAppStore();
    const binding = bindToStore(store);
    client = new RealtimeClient({
      url: server.url,
      createSocket: nodeSocket,
      getToken: () => token,
      views: binding.views,
      onEvent: (e) => {
        events.push(e);
        binding.onEvent(e);
      },
      ...extra,
    });
    return client;
  }
  const views = () => store.getState().live.views;
  const notices = () => events.filter((e) => e.kind === 'notice').map((e) => (e.kind === 'notice' ? e.code : ''));

  beforeEach(async () => {
    server = new TestServer();
    await server.listening();
    events = [];
    token = 'good';
  });
  afterEach(async () => {
    client?.stop();
    await server.close();
  });

  it('sends sa first, then sg, and hands the views and server offset to the store; the client keeps the versions', async () => {
    server.serverTime = Date.now() + 60_000;
    makeClient().start();
    await until(() => client.getStatus() === 'ready');
    expect(server.types().slice(0, 2)).toEqual(['sa', 'sg']);
    expect(server.received[0].content).toEqual({ token: 'good' });
    expect(views()).toEqual({
      global: baseGlobal,
      team: null,
      user: baseUser,
      moderator: null,
      tester: null,
      operator: null,
      overlay: null,
    });
    expect(client.getVersions()).toEqual({ global: 1, user: 1 });
    expect(store.getState().live.serverOffsetMs).toBeGreaterThan(59_000);
  });

  it("given a screen that shows the operator view, when the client loads, then sg asks for it with every screen's views, a tester push is left aside, and a screen that shows the tester view loads it", async () => {
    const baseTester: TesterView = {
      quiz: '1',
      round: null,
      question: null,
      state: 'qn',
      countdownEndsAt: null,
      checking: {},
      answers: [],
    };
    let screen: ViewScope[] = ['operator'];
    server.views = { ...server.views, operator: { teams: {}, users: {} }, tester: baseTester };
    server.versions = { ...server.versions, operator: 1, tester: 1 };
    makeClient({ scopes: () => screen }).start();
    await until(() => client.getStatus() === 'ready');
    expect(server.received.find((m) => m.type === 'sg')?.content).toEqual({
      scopes: ['global', 'user', 'team', 'operator'],
    });
    expect(views().tester).toBeNull();
    expect(store.getState().live.scopes).toEqual(['global', 'user', 'team', 'operator']);
    server.push('tester', 2, { patch: [{ op: 'replace', path: '/quiz', value: '7' }] });
    server.push('global', 2, { patch: [{ op: 'replace', path: '/state', value: 'qa' }] });
    await until(() => client.getVersions().global === 2);
    expect(views().tester).toBeNull();
    expect(client.getVersions().tester).toBeUndefined();
    expect(server.types().filter((t) => t === 'sg')).toHaveLength(1);

    client.screenChanged(); // the same views: nothing asked
    screen = ['tester'];
    client.screenChanged();
    await until(() => client.getVersions().tester !== undefined);
    expect(server.received.filter((m) => m.type === 'sg').map((m) => m.content)).toEqual([
      { scopes: ['global', 'user', 'team', 'operator'] },
      { scopes: ['global', 'user', 'team', 'tester'] },
    ]);
    expect(views().tester).toEqual(baseTester);
    expect(views().operator).toBeNull();
  });

  it('applies patches per scope in version order and replaces on a value push', async () => {
    makeClient().start();
    await until(() => client.getStatus() === 'ready');
    server.push('global', 2, { patch: [{ op: 'replace', path: '/state', value: 'qa' }] });
    server.push('user', 2, { patch: [{ op: 'replace', path: '/points', value: 5 }] });
    server.push('team', 5, { value: { ...baseTeam, id: '9', name: 'Die Besten' } });
    await until(() => client.getVersions().team === 5);
    expect(views().global?.state).toBe('qa');
    expect(views().user?.points).toBe(5);
    expect(views().team?.name).toBe('Die Besten');
    expect(server.types().filter((t) => t === 'sg')).toHaveLength(1);
  });

  it('re-syncs with sg on a version gap and on a patch that does not apply', async () => {
    makeClient().start();
    await until(() => client.getStatus() === 'ready');
    server.views = { ...server.views, global: { ...baseGlobal, state: 'qc', countdownEndsAt: 123, timeLeft: 60 } };
    server.versions = { global: 4, user: 1 };
    server.push('global', 3, { patch: [{ op: 'replace', path: '/state', value: 'qa' }] });
    await until(() => client.getVersions().global === 4);
    expect(views().global?.state).toBe('qc');
    server.push('user', 2, { patch: [{ op: 'remove', path: '/missing' }] });
    await until(() => server.types().filter((t) => t === 'sg').length === 3);
    await until(() => client.getStatus() === 'ready');
    server.push('global', 4, { patch: [{ op: 'replace', path: '/state', value: 'qn' }] });
    server.push('global', 5, { patch: [{ op: 'replace', path: '/state', value: 'qa' }] });
    await until(() => client.getVersions().global === 5);
    expect(views().global?.state).toBe('qa');
  });

  it('answers requests by id and queues those sent before the state is loaded', async () => {
    makeClient();
    const early = client.request('gp', { message: 'Paris' });
    const reply = await early;
    expect(reply).toEqual({ success: true, echo: 'Paris' });
    expect(server.types().slice(0, 3)).toEqual(['sa', 'sg', 'gp']);
    const refused = await client.request('xx');
    expect(refused).toEqual({ success: false, message: 'Unbekannt' });
  });

  it('refuses to send without a token and reports a failed authentication', async () => {
    token = null;
    makeClient();
    await expect(client.request('gp', { message: 'x' })).rejects.toEqual(new RealtimeError('tooEarly'));
    client.start();
    expect(notices()).toEqual(['tooEarly']);
    token = 'bad';
    client.start();
    await until(() => notices().includes('authFailed'));
  });

  it('refuses commands in maintenance, then waits until recheckAt plus jitter and reconnects', async () => {
    makeClient({ random: () => 0 });
    client.start();
    await until(() => client.getStatus() === 'ready');
    const recheckAt = Date.now() + 300;
    server.push('global', 2, { value: { ...baseGlobal, state: 'ma', recheckAt } });
    await until(() => views().global?.state === 'ma');
    await expect(client.request('gp', { message: 'x' })).rejects.toEqual(new RealtimeError('maintenance'));
    expect(notices()).toEqual(['maintenance']);
    server.dropAll();
    await until(() => client.getStatus() === 'maintenanceWait');
    expect(server.types().filter((t) => t === 'sa')).toHaveLength(1);
    await until(() => client.getStatus() === 'ready', 3000);
    expect(Date.now()).toBeGreaterThanOrEqual(recheckAt);
    expect(server.types().filter((t) => t === 'sa')).toHaveLength(2);
  });

  it('reconnects at once after a short hide when recreateSocketOnVisibilityLost is on', async () => {
    server.views = {
      ...server.views,
      global: { ...baseGlobal, featureFlags: '{"recreateSocketOnVisibilityLost":true}' },
    };
    const reload = jest.fn();
    makeClient({ lastHiddenAt: () => Date.now() - 60_000, reload });
    client.start();
    await until(() => client.getStatus() === 'ready');
    server.dropAll();
    await until(() => server.types().filter((t) => t === 'sg').length === 2);
    await until(() => client.getStatus() === 'ready');
    expect(reload).not.toHaveBeenCalled();
    expect(notices()).toEqual([]);
  });

  it('otherwise says the server ended the connection and reloads after the delay', async () => {
    const reload = jest.fn();
    makeClient({ lastHiddenAt: () => Date.now() - 6 * 60_000, reload, reloadDelayMs: 50 });
    client.start();
    await until(() => client.getStatus() === 'ready');
    server.unanswered.add('slow');
    const inFlight = client.request('slow');
    let settled = false;
    inFlight.then(
      () => (settled = true),
      () => (settled = true),
    );
    await until(() => server.types().includes('slow'));
    server.dropAll();
    await until(() => reload.mock.calls.length === 1);
    expect(notices()).toEqual(['closed']);
    expect(client.getStatus()).toBe('closed');
    expect(settled).toBe(false); // not rejected: the reload (or a new socket) takes it from here
  });

  it('given the server closed the socket because the user opened a sixth one, then it neither reconnects nor reloads (that would close another tab in turn)', async () => {
    const reload = jest.fn();
    const scheduled: number[] = [];
    makeClient({
      lastHiddenAt: () => Date.now() - 6 * 60_000,
      reload,
      reloadDelayMs: 4242,
      setTimeout: (fn, ms) => {
        scheduled.push(ms);
        return setTimeout(fn, ms);
      },
    });
    client.start();
    await until(() => client.getStatus() === 'ready');
    for (const s of server.sockets) s.close(REPLACED_CLOSE_CODE, 'ersetzt');
    await until(() => client.getStatus() === 'closed');
    expect(notices()).toEqual(['closed']);
    expect(scheduled).not.toContain(4242);
    expect(server.types().filter((t) => t === 'sa')).toHaveLength(1);
  });

  it('gives every command its own commandId and, after a drop, resends the unanswered ones with the same commandId once authenticated and loaded', async () => {
    server.views = {
      ...server.views,
      global: { ...baseGlobal, featureFlags: '{"recreateSocketOnVisibilityLost":true}' },
    };
    makeClient({ lastHiddenAt: () => Date.now() - 60_000 });
    client.start();
    await until(() => client.getStatus() === 'ready');
    expect(await client.request('gp', { message: 'Köln' })).toEqual({ success: true, echo: 'Köln' });
    server.unanswered.add('gp');
    const first = client.request('gp', { message: 'Bonn' });
    const second = client.request('gp', { message: 'Trier' });
    await until(() => server.types().filter((type) => type === 'gp').length === 3);
    server.unanswered.delete('gp');
    server.dropAll();
    expect(await first).toEqual({ success: true, echo: 'Bonn' });
    expect(await second).toEqual({ success: true, echo: 'Trier' });

    const sent = server.received.filter((m) => m.type === 'gp');
    expect(sent.map((m) => m.content.message)).toEqual(['Köln', 'Bonn', 'Trier', 'Bonn', 'Trier']);
    expect(new Set(sent.slice(0, 3).map((m) => m.commandId)).size).toBe(3);
    expect(sent.slice(3).map((m) => m.commandId)).toEqual(sent.slice(1, 3).map((m) => m.commandId));
    expect(server.types().slice(-5)).toEqual(['gp', 'sa', 'sg', 'gp', 'gp']); // resent after the new socket is authenticated and loaded
    expect(
      server.received.filter((m) => m.type === 'sa' || m.type === 'sg').every((m) => m.commandId === undefined),
    ).toBe(true);
  });

  it('feeds the store: snapshot, patched views sharing untouched branches, status and socket notices', async () => {
    makeClient({ reload: () => undefined, reloadDelayMs: 10 });
    client.start();
    await until(() => store.getState().live.status === 'ready');
    expect(store.getState().live.loaded).toBe(true);
    server.push('team', 1, { value: baseTeam });
    const proposal: ProposalView = { user: 'Anna', userId: '1', message: 'Paris', chat: false, stars: 0 };
    server.push('team', 2, { patch: [{ op: 'add', path: '/proposals/1', value: { ...proposal } }] });
    await until(() => client.getVersions().team === 2);
    const before = store.getState().live.views.team;
    expect(before?.proposals['1']).toEqual(proposal);
    server.push('team', 3, { patch: [{ op: 'replace', path: '/favorite', value: 1 }] });
    await until(() => client.getVersions().team === 3);
    expect(store.getState().live.views.team?.favorite).toBe(1);
    expect(store.getState().live.views.team?.proposals).toBe(before?.proposals);
    server.dropAll();
    await until(() => store.getState().ui.notices.some((n) => n.text === t.socket.closed));
    expect(store.getState().live.status).toBe('closed');
  });

  it('resends a command answered retry:true with the same commandId after a backoff, with a quiet notice, and resolves with the success', async () => {
    makeClient({ random: () => 0 });
    client.start();
    await until(() => client.getStatus() === 'ready');
    server.retryAnswers = 2;
    const reply = await client.request('gp', { message: 'Paris' });
    expect(reply).toEqual({ success: true, echo: 'Paris' });
    const sent = server.received.filter((m) => m.type === 'gp');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((m) => m.commandId)).size).toBe(1);
    expect(events.filter((e) => e.kind === 'resending')).toHaveLength(2);
    expect(notices()).toEqual([]);
    expect(store.getState().ui.notices).toEqual([expect.objectContaining({ text: t.socket.resending, tone: 'info' })]);
    expect(client.getStatus()).toBe('ready');
  });

  it("gives up resending after the last attempt and resolves with the server's reply", async () => {
    // Resends without their backoff; the heartbeat (an hour here) keeps its time.
    makeClient({
      random: () => 0,
      heartbeatMs: 3_600_000,
      setTimeout: (fn, ms) => setTimeout(fn, ms >= 3_600_000 ? ms : 0),
    });
    client.start();
    await until(() => client.getStatus() === 'ready');
    server.retryAnswers = 100;
    const reply = await client.request('gp', { message: 'Paris' });
    expect(reply).toMatchObject({ success: false, retry: true });
    expect(server.received.filter((m) => m.type === 'gp')).toHaveLength(RESEND_ATTEMPTS + 1);
  });

  it('resends a command answered retry:true with retryAfterMs at that moment, beyond the attempts of a backoff, with the "du bist gleich dran" notice', async () => {
    const delays: number[] = [];
    makeClient({
      random: () => 0,
      heartbeatMs: 3_600_000,
      setTimeout: (fn, ms) => {
        if (ms < 3_600_000) delays.push(ms);
        return setTimeout(fn, ms >= 3_600_000 ? ms : 0);
      },
    });
    client.start();
    await until(() => client.getStatus() === 'ready');
    server.queueAnswers = RESEND_ATTEMPTS + 3;
    const reply = await client.request('gp', { message: 'Paris' });
    expect(reply).toEqual({ success: true, echo: 'Paris' });
    const sent = server.received.filter((m) => m.type === 'gp');
    expect(sent).toHaveLength(RESEND_ATTEMPTS + 4);
    expect(new Set(sent.map((m) => m.commandId)).size).toBe(1);
    expect(delays).toEqual(sent.slice(1).map(() => 40));
    expect(events.filter((e) => e.kind === 'resending')).toContainEqual({ kind: 'resending', waitMs: 40 });
    expect(store.getState().ui.notices).toEqual([expect.objectContaining({ text: t.socket.queued, tone: 'info' })]);
    expect(t.socket.queued).toMatch(/Du bist gleich dran/);
  });

  it('hands a renewed token from the reply to sa to the session, and gets ready', async () => {
    server.renewedToken = 'erneuert';
    makeClient();
    client.start();
    await until(() => client.getStatus() === 'ready');
    expect(events).toContainEqual({ kind: 'tokenRenewed', token: 'erneuert' });
  });

  it('a command waiting for its resend fails when the client stops (logout)', async () => {
    makeClient();
    client.start();
    await until(() => client.getStatus() === 'ready');
    server.retryAnswers = 1;
    const request = client.request('gp', { message: 'Paris' });
    await until(() => events.some((e) => e.kind === 'resending'));
    client.stop();
    await expect(request).rejects.toEqual(new RealtimeError('closed'));
  });

  it('in backoff mode (the stream overlay) it authenticates with its own content, and after the server went away and came back on the same address it reconnects by itself, never reloading', async () => {
    const reload = jest.fn();
    const waits: number[] = [];
    makeClient({
      authContent: (overlay) => ({ overlay }),
      reconnect: 'backoff',
      reload,
      random: () => 0,
      lastHiddenAt: () => Date.now() - 6 * 60_000,
      setTimeout: (fn, ms) => {
        waits.push(ms);
        return setTimeout(fn, ms);
      },
    });
    client.start();
    await until(() => client.getStatus() === 'ready');
    expect(server.received[0].content).toEqual({ overlay: 'good' });
    const port = Number(new URL(server.url).port);
    await server.close(); // the server stops: connecting fails for a while
    await until(() => waits.filter((ms) => ms >= 500).length >= 2, 5000); // tried and waited longer each time
    server = new TestServer(port);
    await server.listening();
    await until(() => client.getStatus() === 'ready', 15_000);
    expect(server.types().slice(0, 2)).toEqual(['sa', 'sg']);
    expect(reload).not.toHaveBeenCalled();
    expect(notices()).toEqual([]);
  });

  it('in backoff mode a socket closed because its token was revoked (4003) is not reconnected: authFailed', async () => {
    const waits: number[] = [];
    makeClient({
      authContent: (overlay) => ({ overlay }),
      reconnect: 'backoff',
      random: () => 0,
      setTimeout: (fn, ms) => {
        waits.push(ms);
        return setTimeout(fn, ms);
      },
    });
    client.start();
    await until(() => client.getStatus() === 'ready');
    const before = waits.length;
    for (const s of server.sockets) s.close(4003, 'overlay link revoked');
    await until(() => notices().includes('authFailed'));
    expect(client.getStatus()).toBe('closed');
    expect(waits.slice(before)).toEqual([]); // no reconnect scheduled
    expect(server.types().filter((t) => t === 'sa')).toHaveLength(1);
  });

  it('authenticates again on the same socket when sa is answered retry:true, and gets ready', async () => {
    server.retryAnswers = 1;
    makeClient({ random: () => 0 });
    client.start();
    await until(() => client.getStatus() === 'ready');
    expect(server.types().slice(0, 3)).toEqual(['sa', 'sa', 'sg']);
    expect(server.sockets).toHaveLength(1);
    expect(notices()).toEqual([]);
  });
});
