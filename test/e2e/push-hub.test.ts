import { applyPatch, deepClone, type Operation } from 'fast-json-patch';
import type { Role } from '../../events';
import { isDeepStrictEqual } from 'node:util';
import { scopeKeyString, scopesOf, scopeView, type ScopeName } from '../../projections/live';
import { LiveStateService } from '../../src/engine/live-state';
import { toStored } from '../../src/engine/stored-events';
import { Presence } from '../../src/realtime/presence';
import { PushHub, type PushClient } from '../../src/realtime/push-hub';
import { nameBasedUuid } from '../../src/store/event-ids';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';
import { recordNight } from '../support/recorded-night';
import type { World } from '../support/world';
import { q, showWithQuestion, type Show } from '../unit/support/fixtures';

interface Push {
  scope: ScopeName;
  version: number;
  value?: object | null;
  patch?: Operation[];
}

/** A socket as the hub sees it: applies the pushes it gets, as a client does (PROTOCOL.md, `st`). */
class Socket implements PushClient {
  readonly pushes: Push[] = [];
  views: Partial<Record<ScopeName, unknown>> = {};
  versions: Partial<Record<ScopeName, number>> = {};

  constructor(
    readonly userId: string,
    readonly roles: readonly Role[],
  ) {}

  /** Until its snapshot has come, pushes wait (as the web app keeps them while it syncs), then those newer than it apply. */
  private waiting: Push[] | null = null;

  send(frame: string | Buffer): boolean {
    const push = (JSON.parse(frame.toString()) as { content: Push }).content;
    this.pushes.push(push);
    if (this.waiting) this.waiting.push(push);
    else this.apply(push);
    return true;
  }

  syncing(): void {
    this.waiting = [];
  }

  synced(snapshot: Pick<Socket, 'views' | 'versions'>): void {
    ({ views: this.views, versions: this.versions } = snapshot);
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const push of waiting) if (push.version > (this.versions[push.scope] ?? -1)) this.apply(push);
  }

  private apply(push: Push): void {
    if (push.patch) {
      expect([push.scope, push.version]).toEqual([push.scope, this.versions[push.scope]! + 1]);
      this.views[push.scope] = applyPatch(deepClone(this.views[push.scope]), push.patch, true, false).newDocument;
    } else {
      this.views[push.scope] = push.value;
    }
    this.versions[push.scope] = push.version;
  }
}

/** The push hub on a real store (PGlite, or Postgres with DATABASE_URL) and live state: a test world's commands go through the store to the sockets. */
describe('push hub', () => {
  let database: TestSqlDatabase;
  let store: SqlEventStore;
  let live: LiveStateService | undefined;
  let presence: Presence;
  let hub: PushHub;
  let s: Show;
  let appended = 0;

  /** Appends what the world decided since the last time; resolves once the live state (and so the hub) has it. */
  async function flush(world: World): Promise<void> {
    const events = world.log
      .slice(appended)
      .map((e, i) => ({ ...toStored(e), id: nameBasedUuid(e.metadata.eventId, appended + i) }));
    appended = world.log.length;
    const { position } = await store.append('push-hub', events, 'any');
    await live?.waitFor(position);
  }

  async function run(command: Parameters<World['must']>[0], userId: string): Promise<void> {
    s.world.must(command, s.world.as(userId));
    await flush(s.world);
  }

  function connect(userId: string): Socket {
    const socket = new Socket(userId, live!.state.users.get(userId)!.roles);
    expect(hub.attach(socket)).toBe(true);
    const snapshot = hub.snapshot(socket);
    socket.views = snapshot.views;
    socket.versions = snapshot.versions;
    if (presence.connected(userId)) hub.presenceChanged(userId);
    hub.flushPresence();
    return socket;
  }

  function disconnect(socket: Socket): void {
    hub.detach(socket);
    if (presence.disconnected(socket.userId)) hub.presenceChanged(socket.userId);
    hub.flushPresence();
  }

  /** What the socket holds is, scope by scope, what a fresh computation of its scopes gives. */
  function expectUpToDate(socket: Socket): void {
    const isOnline = (userId: string) => presence.isOnline(userId);
    const expected: Partial<Record<ScopeName, unknown>> = {};
    for (const key of scopesOf(live!.state, socket))
      expected[key.scope] = JSON.parse(JSON.stringify(scopeView(live!.state, key, isOnline)));
    const held = Object.fromEntries(Object.entries(socket.views).filter(([, view]) => view !== null));
    expect(held).toEqual(expected);
  }

  beforeAll(async () => {
    database = await openTestSqlDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  beforeEach(async () => {
    await database.db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'); // every test on an empty store
    store = await SqlEventStore.open(database.db);
    s = showWithQuestion([q(1, 1)]);
    appended = 0;
    live = undefined;
    await flush(s.world);
    const started = new LiveStateService(store);
    await started.start();
    live = started;
    presence = new Presence();
    hub = new PushHub(started, presence);
    hub.start();
  });

  afterEach(async () => {
    hub.stop();
    await live?.stop();
    await store.close();
  });

  it('given anna and bert connected in one team, when bert joins the other team and that team is deleted, then he gets its whole view and then a null one, and anna sees him leave', async () => {
    const anna = connect(s.anna);
    const bert = connect(s.bert);
    expect((anna.views.team as { members: Record<string, { online: boolean }> }).members[s.bert]).toMatchObject({
      online: true,
    });

    s.world.joinTeam(s.bert, s.teamB);
    await flush(s.world);
    expect(bert.pushes.filter((p) => p.scope === 'team').at(-1)).toMatchObject({
      scope: 'team',
      value: { id: s.teamB },
    });
    expect(Object.keys((anna.views.team as { members: object }).members)).toEqual([s.anna]);
    expectUpToDate(anna);
    expectUpToDate(bert);

    await run({ type: 'DeleteTeam', id: s.teamB }, s.admin);
    expect(bert.pushes.filter((p) => p.scope === 'team').at(-1)).toEqual({ scope: 'team', version: 0, value: null });
    expect(bert.views.team).toBeNull();
    expectUpToDate(bert);
  });

  it("given anna connected, then her snapshot as JSON is the snapshot serialized, also after her team's view changed", async () => {
    const anna = connect(s.anna);
    expect(`{${hub.snapshotJson(anna)}}`).toBe(JSON.stringify(hub.snapshot(anna)));
    await run({ type: 'AddProposal', message: 'Paris' }, s.anna);
    expect(`{${hub.snapshotJson(anna)}}`).toBe(JSON.stringify(hub.snapshot(anna)));
    expect((JSON.parse(`{${hub.snapshotJson(anna)}}`) as { views: Record<string, unknown> }).views).toEqual(anna.views);
  });

  it('given the moderator left, when a team is renamed and anna proposes while nobody listens to the shared scopes, then the moderator coming back gets them caught up, on the same version line', async () => {
    const first = connect(s.moderator);
    const versionsBefore = { ...first.versions };
    disconnect(first);
    await run({ type: 'RenameTeam', teamId: s.teamA, name: 'Die Netten' }, s.moderator);
    await run({ type: 'AddProposal', message: 'Paris' }, s.anna);
    const again = connect(s.moderator);
    expectUpToDate(again);
    expect((again.views.operator as { teams: Record<string, { name: string }> }).teams[s.teamA]!.name).toBe(
      'Die Netten',
    );
    expect(again.versions.operator).toBe(versionsBefore.operator! + 1);
    expect(`{${hub.snapshotJson(again)}}`).toBe(JSON.stringify(hub.snapshot(again)));
  });

  it('given anna sees bert online, when bert disconnects, then her team view shows him offline', async () => {
    const anna = connect(s.anna);
    const bert = connect(s.bert);
    disconnect(bert);
    expect((anna.views.team as { members: Record<string, { online: boolean }> }).members[s.bert]).toMatchObject({
      online: false,
    });
    expectUpToDate(anna);
  });

  /** `sa` as the transport does it: subscribed, and the presence change refreshed at the end of this turn of the event loop. */
  function signIn(userId: string): Socket {
    const socket = new Socket(userId, live!.state.users.get(userId)!.roles);
    socket.syncing();
    expect(hub.attach(socket)).toBe(true);
    if (presence.connected(userId)) hub.presenceChanged(userId);
    return socket;
  }

  /** `sa`, then `sg`. */
  function connectInTurn(userId: string): Socket {
    const socket = signIn(userId);
    socket.synced(hub.snapshot(socket));
    return socket;
  }

  const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const onlineTeams = (socket: Socket) =>
    (socket.views.moderator as { favouriteCount: { online: number } }).favouriteCount.online;
  const membersOnline = (socket: Socket) =>
    Object.entries((socket.views.team as { members: Record<string, { online: boolean }> }).members)
      .filter(([, member]) => member.online)
      .map(([id]) => id)
      .sort();

  it('given the moderator connected, when anna, bert and cleo sign in in one turn, then each scope is pushed once at its end: the moderator sees two teams online, anna bert', async () => {
    const moderator = connect(s.moderator);
    const before = moderator.pushes.length;
    const [anna, bert, cleo] = [signIn(s.anna), signIn(s.bert), signIn(s.cleo)] as const;
    expect(moderator.pushes.slice(before)).toEqual([]);
    await endOfTurn();
    expect(moderator.pushes.slice(before).map((p) => p.scope)).toEqual(['moderator']);
    expect(onlineTeams(moderator)).toBe(2);
    expect(anna.pushes.filter((p) => p.scope === 'team')).toHaveLength(1);
    for (const socket of [anna, bert, cleo]) socket.synced(hub.snapshot(socket));
    expect(membersOnline(anna)).toEqual([s.anna, s.bert].sort());
    for (const socket of [anna, bert, cleo, moderator]) expectUpToDate(socket);
  });

  it('given anna connected in this turn, then a snapshot asked for before its end already shows her online', async () => {
    const bert = connect(s.bert);
    connectInTurn(s.anna);
    const snapshot = hub.snapshot(bert);
    expect(Object.keys((snapshot.views.team as { members: object }).members)).toContain(s.anna);
    expect((snapshot.views.team as { members: Record<string, { online: boolean }> }).members[s.anna]!.online).toBe(
      true,
    );
    expect(JSON.parse(`{${hub.snapshotJson(bert)}}`)).toEqual(JSON.parse(JSON.stringify(snapshot)));
    await endOfTurn();
    expectUpToDate(bert);
  });

  it('given bert signs in and disconnects within one turn, then anna gets no push for it and still sees him offline', async () => {
    const anna = connect(s.anna);
    const before = anna.pushes.length;
    const bert = signIn(s.bert);
    hub.detach(bert);
    if (presence.disconnected(s.bert)) hub.presenceChanged(s.bert);
    await endOfTurn();
    expect(anna.pushes.slice(before)).toEqual([]);
    expect(membersOnline(anna)).toEqual([s.anna]);
    expectUpToDate(anna);
  });

  it('given bert signs in in the turn that folds a state change, just before it, then his presence is pushed first, in the state before the change', async () => {
    const anna = connect(s.anna);
    const before = anna.pushes.length;
    let bert: Socket | undefined;
    const stop = live!.onFolded(() => {
      stop();
      bert = signIn(s.bert);
    });
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    await flush(s.world);
    const teamPushes = anna.pushes.slice(before).filter((p) => p.scope === 'team');
    expect(teamPushes).toHaveLength(2);
    expect(JSON.stringify(teamPushes[0])).not.toContain('Paris');
    expect(JSON.stringify(teamPushes[1])).toContain('Paris');
    expect(membersOnline(anna)).toEqual([s.anna, s.bert].sort());
    expectUpToDate(anna);
    bert!.synced(hub.snapshot(bert!));
    expectUpToDate(bert!);
  });

  it('given a question is open, when anna proposes, then her team gets a push and the other team none (nor the moderators: their view shows favourites only)', async () => {
    const anna = connect(s.anna);
    const cleo = connect(s.cleo);
    const moderator = connect(s.moderator);
    const before = { anna: anna.pushes.length, cleo: cleo.pushes.length, moderator: moderator.pushes.length };
    await run({ type: 'AddProposal', message: 'Paris' }, s.anna);
    expect(anna.pushes.slice(before.anna).map((p) => p.scope)).toEqual(['team']);
    expect(moderator.pushes.slice(before.moderator)).toEqual([]);
    expect(cleo.pushes.slice(before.cleo)).toEqual([]);
    for (const socket of [anna, cleo, moderator]) expectUpToDate(socket);
  });
});

/**
 * A whole recorded night through the store, the live state and the hub, every user connected as
 * soon as registered: after every batch each socket holds, scope by scope, what a fresh computation
 * gives. The hub looks only at the scopes an event touched, so this is where a scope it wrongly
 * left out would show.
 */
describe('push hub through a recorded night', () => {
  it('keeps every socket of every user up to date, batch after batch', async () => {
    const nightDb = await openTestSqlDatabase();
    const store = await SqlEventStore.open(nightDb.db);
    const live = new LiveStateService(store);
    await live.start();
    const presence = new Presence();
    const hub = new PushHub(live, presence);
    hub.start();
    const sockets = new Map<string, Socket>();
    const stale: string[] = [];
    try {
      const { world } = recordNight();
      const log = world.log;
      for (let at = 0, batch = 1; at < log.length; at += batch, batch = (batch % 40) + 1) {
        const events = log
          .slice(at, at + batch)
          .map((e, i) => ({ ...toStored(e), id: nameBasedUuid(e.metadata.eventId, at + i) }));
        const { position } = await store.append('recorded-night', events, 'any');
        await live.waitFor(position);
        live.state.users.forEach((user) => {
          if (sockets.has(user.id)) return;
          const socket = new Socket(user.id, user.roles);
          expect(hub.attach(socket)).toBe(true);
          ({ views: socket.views, versions: socket.versions } = JSON.parse(`{${hub.snapshotJson(socket)}}`) as Pick<
            Socket,
            'views' | 'versions'
          >);
          if (presence.connected(user.id)) hub.presenceChanged(user.id);
          hub.flushPresence();
          sockets.set(user.id, socket);
        });
        const isOnline = (userId: string) => presence.isOnline(userId);
        const fresh = new Map<string, unknown>();
        for (const socket of sockets.values()) {
          for (const key of scopesOf(live.state, socket)) {
            const id = scopeKeyString(key);
            if (!fresh.has(id)) fresh.set(id, JSON.parse(JSON.stringify(scopeView(live.state, key, isOnline))));
            if (!isDeepStrictEqual(socket.views[key.scope], fresh.get(id)))
              stale.push(`${id} at ${socket.userId} after event ${at + batch}`);
          }
        }
      }
      expect(stale).toEqual([]);
      expect(sockets.size).toBeGreaterThan(40);
    } finally {
      hub.stop();
      await live.stop();
      await store.close();
      await nightDb.close();
    }
  }, 120_000);
});
