/**
 * The `/ws` router without a socket (src/realtime/router.ts): sessions are plain objects, the sign-in
 * is this test's (it only records who signed in, as the transport would attach them), the engine,
 * the secrets and the hub are the real ones on an embedded store.
 */
import { Credentials } from '../../src/identity/credentials';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TokenService } from '../../src/auth/jwt';
import { OneTimeTokens } from '../../src/auth/one-time-tokens';
import { OverlayTokens } from '../../src/auth/overlay-tokens';
import { SOCKET_TEXTS } from '../../src/edge-texts';
import { Engine } from '../../src/engine/engine';
import { toStored } from '../../src/engine/stored-events';
import { PasswordHasher } from '../../src/identity/password-hasher';
import { HashingLimits } from '../../src/limits/password-hashing';
import { TeamPasswordGuards } from '../../src/limits/sockets-and-team-passwords';
import { parseEnvelope, SerializedContent, type Envelope } from '../../src/realtime/envelope';
import { Presence } from '../../src/realtime/presence';
import { PushHub } from '../../src/realtime/push-hub';
import { SocketRouter } from '../../src/realtime/router';
import { securedParts } from '../../src/realtime/secured-parts';
import type { RoutedSession, SignIn } from '../../src/realtime/session';
import { SocketAuth } from '../../src/realtime/socket-auth';
import { nameBasedUuid } from '../../src/store/event-ids';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { TeamPasswords } from '../../src/teams/team-passwords';
import { SHARED_TEXTS } from '../../wire/shared-texts';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';
import { q, showWithQuestion, type Show } from './support/fixtures';

const SECRET = 'router-test-secret-router-test-secret';

describe('the socket router', () => {
  let database: TestSqlDatabase;
  let store: SqlEventStore;
  let engine: Engine;
  let hub: PushHub;
  let uploadsDir: string;
  let router: SocketRouter<RoutedSession>;
  let show: Show;
  let dora: string;
  const jwt = new TokenService(SECRET);
  const hasher = new PasswordHasher();
  const signedIn: string[] = [];

  /** The transport's part, as a test sees it: the session gets its user and a hub client that receives nothing. */
  const signIn: SignIn<RoutedSession> = {
    user: (session, user) => {
      signedIn.push(user.id);
      session.user = user;
      session.client = { userId: user.id, send: () => true };
      hub.attach(session.client);
    },
    overlay: (session, linkId) => {
      session.overlay = { linkId };
      session.client = { userId: null, send: () => true };
    },
    overlayPages: () => 0,
  };

  beforeAll(async () => {
    show = showWithQuestion([q(1, 1)]);
    dora = show.world.player('dora');
    database = await openTestSqlDatabase();
    await migrateWriteSide(database.db);
    store = await SqlEventStore.open(database.db);
    for (const [i, event] of show.world.log.entries()) {
      await store.append(
        show.world.streamLog[i]!,
        [{ ...toStored(event), id: nameBasedUuid(event.metadata.eventId, i) }],
        'any',
      );
    }
    engine = await Engine.start(store);
    hub = new PushHub(engine.live, new Presence());
    hub.start();
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'router-uploads-'));
    const teamPasswords = await TeamPasswords.open(database.db, hasher);
    await teamPasswords.reserve(show.teamB, 'Besserwisser', await hasher.hash('pw-team'));
    const tokens = await OneTimeTokens.open(database.db);
    router = new SocketRouter<RoutedSession>({
      engine,
      auth: new SocketAuth({ live: engine.live, jwt, overlayTokens: new OverlayTokens(SECRET), signIn }),
      snapshot: (client, only) => hub.snapshotParts(client, only),
      securedParts: securedParts({
        engine,
        teamPasswords,
        credentials: await Credentials.open(database.db),
        guards: await TeamPasswordGuards.open(database.db),
        hashingLimits: new HashingLimits(),
        hasher,
        tokens,
      }),
      tokens,
      uploadsDir,
      logError: (message) => {
        throw new Error(`unexpected: ${message}`);
      },
    });
  });

  afterAll(async () => {
    hub.stop();
    await engine.stop();
    await store.close();
    await database.close();
    await rm(uploadsDir, { recursive: true, force: true });
    await hasher.close();
  });

  const fresh = (): RoutedSession => ({ user: null, overlay: null, client: null });
  const envelope = (type: string, content?: Record<string, unknown>, commandId?: string): Envelope => ({
    type,
    id: 1,
    content,
    commandId,
  });
  const tokenOf = (userId: string) =>
    jwt.sign({ id: userId, roles: [], tokenGeneration: engine.live.state.users.get(userId)!.tokenGeneration });
  const signedInAs = async (userId: string) => {
    const session = fresh();
    expect(await router.route(session, envelope('sa', { token: tokenOf(userId) }))).toEqual({ success: true });
    return session;
  };

  it('given a session before sa, when it sends sg, ping or a command, then each is refused as too early and nothing is appended', async () => {
    const session = fresh();
    const before = engine.live.position;
    for (const type of ['sg', 'ping', 'gp']) {
      expect(await router.route(session, envelope(type, { message: 'x' }))).toEqual({
        success: false,
        message: SOCKET_TEXTS.tooEarly,
      });
    }
    expect(engine.live.position).toBe(before);
  });

  it('given a token that does not verify, when sa comes, then it is refused and nobody signs in', async () => {
    const before = signedIn.length;
    expect(await router.route(fresh(), envelope('sa', { token: 'no.such.token' }))).toEqual({
      success: false,
      message: SOCKET_TEXTS.authFailed,
    });
    expect(signedIn.length).toBe(before);
  });

  it('given a signed-in player, when they send an unknown type, then the reply names it', async () => {
    const session = await signedInAs(show.anna);
    expect(await router.route(session, envelope('zz'))).toEqual({
      success: false,
      message: SOCKET_TEXTS.unknownType('zz'),
    });
  });

  it('given a signed-in player, when they send ping, then the reply has the server time', async () => {
    const session = await signedInAs(show.anna);
    expect(await router.route(session, envelope('ping'))).toEqual({ success: true, serverTime: expect.any(Number) });
  });

  it('given a player of a team during a question, when they send gp twice with one commandId, then one proposal is added', async () => {
    const session = await signedInAs(show.anna);
    const proposals = () => engine.live.state.plays.get(show.teamA)?.proposals.map((p) => p.message) ?? [];
    const before = proposals().length;
    expect(await router.route(session, envelope('gp', { message: 'Paris' }, 'c-1'))).toEqual({ success: true });
    expect(await router.route(session, envelope('gp', { message: 'Paris' }, 'c-1'))).toEqual({ success: true });
    expect(proposals().slice(before)).toEqual(['Paris']);
  });

  it('given a teamless player, when gj comes with a wrong password (and its own passwordOk), then the team password is checked and the rule refuses it', async () => {
    const session = await signedInAs(dora);
    expect(
      await router.route(session, envelope('gj', { id: show.teamB, password: 'falsch', passwordOk: true })),
    ).toEqual({ success: false, message: SHARED_TEXTS.teamJoinFailed });
    expect(engine.live.state.users.get(dora)?.teamId ?? null).toBeNull();
  });

  it('given a teamless player, when gj comes with the team password, then they join', async () => {
    const session = await signedInAs(dora);
    expect(await router.route(session, envelope('gj', { id: show.teamB, password: 'pw-team' }))).toEqual({
      success: true,
    });
    expect(engine.live.state.users.get(dora)?.teamId).toBe(show.teamB);
  });

  it('given a player, when gi comes with a token nobody issued (and an inviteId of their own), then the rule refuses it as an unknown invite', async () => {
    const session = await signedInAs(show.cleo);
    expect(await router.route(session, envelope('gi', { token: 'unbekannt', inviteId: 'forged' }))).toEqual({
      success: false,
      message: SHARED_TEXTS.teamJoinFailed,
    });
  });

  /** An `sg` reply as the socket would send it. */
  const snapshotOf = (reply: unknown) => {
    expect(reply).toBeInstanceOf(SerializedContent);
    return JSON.parse((reply as SerializedContent).parts.map(String).join('')) as {
      success: boolean;
      views: Record<string, unknown>;
      versions: Record<string, number>;
    };
  };

  it('given a moderator, when they send sg with scopes, then the snapshot holds just those of their scopes; without, all of them', async () => {
    const session = await signedInAs(show.moderator);
    const all = snapshotOf(await router.route(session, envelope('sg')));
    expect(Object.keys(all.views).sort()).toEqual(['global', 'moderator', 'operator', 'tester', 'user']);
    const some = snapshotOf(
      await router.route(session, envelope('sg', { scopes: ['global', 'user', 'team', 'operator'] })),
    );
    expect(some.success).toBe(true);
    expect(Object.keys(some.views).sort()).toEqual(['global', 'operator', 'user']);
    expect(Object.keys(some.versions).sort()).toEqual(['global', 'operator', 'user']);
    expect(some.views.operator).toEqual(all.views.operator);
  });

  it('given a player, when they send sg naming a scope they do not receive, then it is not in the snapshot', async () => {
    const session = await signedInAs(show.anna);
    const snapshot = snapshotOf(await router.route(session, envelope('sg', { scopes: ['tester', 'team'] })));
    expect(Object.keys(snapshot.views)).toEqual(['team']);
  });

  it('given a session, when it sends sg with scopes that are not a list of scope names, then it is refused in German', async () => {
    const session = await signedInAs(show.moderator);
    for (const scopes of ['tester', ['tester', 'everything'], [1], Array.from({ length: 20 }, () => 'global')])
      expect(await router.route(session, envelope('sg', { scopes }))).toEqual({
        success: false,
        message: SOCKET_TEXTS.badScopes,
      });
  });

  it('given an overlay session, when it sends a command, then it is refused as read-only; sg still answers', async () => {
    const session: RoutedSession = { user: null, overlay: { linkId: 'l' }, client: { userId: null, send: () => true } };
    expect(await router.route(session, envelope('gp', { message: 'x' }))).toEqual({
      success: false,
      message: SOCKET_TEXTS.overlayReadOnly,
    });
    expect(await router.route(session, envelope('sg'))).toBeInstanceOf(SerializedContent);
  });

  it('parses envelopes: not JSON, not an object, a long commandId', () => {
    expect(parseEnvelope('{')).toEqual({ problem: SOCKET_TEXTS.notJson, id: null });
    expect(parseEnvelope('[1]')).toEqual({ problem: SOCKET_TEXTS.badEnvelope, id: null });
    expect(parseEnvelope(JSON.stringify({ type: 'gp', id: 3, commandId: 'x'.repeat(65) }))).toEqual({
      problem: SOCKET_TEXTS.badCommandId,
      id: 3,
    });
    expect(parseEnvelope(JSON.stringify({ type: 'gp', id: 3, content: { message: 'a' } }))).toEqual({
      type: 'gp',
      id: 3,
      content: { message: 'a' },
      commandId: undefined,
    });
  });
});
