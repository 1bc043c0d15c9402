import { texts } from '../../src/commands';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerAndLogin,
  seedUserWithRoles,
  startTestServer,
  type TestServer,
} from './support/test-server';
import { WsClient } from './support/ws-client';
import { SOCKET_TEXTS } from '../../src/edge-texts';

type Sender = 'visitor' | 'player' | 'member' | 'tester' | 'moderator' | 'admin';
const SENDERS: Sender[] = ['visitor', 'player', 'member', 'tester', 'moderator', 'admin'];

/**
 * Who may send what (PROTOCOL.md's catalogue). `member` is a player in a team. Roles are independent
 * perms: the seeded admin holds only `admin` (the first admin of a real install holds all three).
 */
const ALLOWED: Record<string, Sender[]> = {
  ulc: ['player', 'member', 'tester', 'moderator', 'admin'],
  gj: ['player', 'member', 'tester', 'moderator', 'admin'],
  gi: ['player', 'member', 'tester', 'moderator', 'admin'],
  sp: ['player', 'member', 'tester', 'moderator', 'admin'],
  gz: ['player', 'member', 'tester', 'moderator', 'admin'],
  ...Object.fromEntries(['gl', 'gu', 'gp', 'gc', 'gd', 'gf', 'gs', 'go', 'ghd'].map((t) => [t, ['member']])),
  ...Object.fromEntries(
    ['ma', 'mhr', 'mc', 'mn', 'mup', 'mp', 'mr', 'mq', 'mi', 'muf', 'mua', 'muc', 'mum', 'mumm', 'trx'].map((t) => [
      t,
      ['moderator'],
    ]),
  ),
  ...Object.fromEntries(['tu', 'tua', 'ta'].map((t) => [t, ['tester', 'moderator']])),
  ...Object.fromEntries(
    ['ao', 'aff', 'asv', 'aas', 'ara', 'arr', 'ati', 'ali', 'asu', 'ahd'].map((t) => [t, ['admin']]),
  ),
  // Moderators block players and run the lobby chat (PROTOCOL.md wave 4, "Moderation, second round").
  ...Object.fromEntries(['abl', 'msl', 'mlc'].map((t) => [t, ['moderator', 'admin']])),
};

/** Content that is well-formed for each message, so a refusal can only be about who sent it or about the game state. */
function contentFor(type: string, ids: { quiz: string; team: string; user: string }): Record<string, unknown> {
  const q = { quiz: ids.quiz, round: 1, question: 1 };
  const contents: Record<string, Record<string, unknown>> = {
    ulc: { message: 'Hallo Lobby' },
    gj: { id: ids.team, password: 'falsch' },
    gi: { token: 'unbekannt' },
    sp: { message: 'Antwort' },
    gz: { strokes: [{ width: 4, color: '#222222', points: [[24, 48]] }] },
    gl: {},
    gu: { url: '', stadt: 'Köln', beschreibung: 'neu' },
    gp: { message: 'Vorschlag' },
    gc: { message: 'Chat' },
    gd: { number: 1 },
    gf: { number: 1 },
    gs: { number: 1 },
    go: { number: 1 },
    ghd: { kind: 'deal', team: ids.team },
    ma: q,
    mhr: q,
    mc: { time: 30 },
    mn: {},
    mup: { quiz: ids.quiz },
    mp: { content: {} },
    mr: {},
    mq: {},
    mi: {},
    muf: { folder: '' },
    mua: { url: '', color: '#ff0000', startX: 1, startY: 1, endX: 2, endY: 2 },
    muc: {},
    mum: { modus: 'pause' },
    mumm: { message: 'Pause!' },
    trx: { ...q, regex: 'xyz', points: 1, mark: 'correct' },
    tu: { answerId: 'unbekannt', change: 1, checked: true, liked: false },
    tua: { answerId: 'unbekannt', value: 1, checked: true, liked: false },
    ta: { quiz: ids.quiz },
    ao: { message: 'Hallo' },
    aff: { flags: '{}' },
    asv: q,
    aas: { ...q, title: 'Seitenstechen', text: 'Wie viele?' },
    ara: { recheckAt: 0 },
    arr: {},
    ati: { id: ids.team },
    ali: { id: ids.user },
    abl: { userId: ids.user, blocked: false },
    msl: { seconds: 0 },
    mlc: { open: true },
    asu: { path: 'global.allowNewRegistrations', value: true },
    ahd: {},
  };
  return contents[type]!;
}

describe('authorization matrix: every message type from every role', () => {
  let env: TestServer;
  const sockets = {} as Record<Sender, WsClient>;
  let ids: { quiz: string; team: string; user: string };

  beforeAll(async () => {
    env = await startTestServer();
    const adminToken = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Matrix',
        yearWeek: '2026-47',
        content: [{ type: 'normal', round: 1, number: 1, question: 'Q?', answer: 'A' }],
      },
      adminToken,
    );
    const member = await registerAndLogin(env.url, 'mitglied');
    const team = await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Matrixteam', newPassword: 'geheim', stadt: 'Köln', beschreibung: 'Test' },
      member.token,
    );
    const player = await registerAndLogin(env.url, 'spieler');
    ids = { quiz: quiz.body.data.id, team: team.body.data.id, user: player.userId };
    sockets.visitor = await WsClient.connect(env.wsUrl);
    sockets.player = await WsClient.open(env.wsUrl, player.token);
    sockets.member = await WsClient.open(env.wsUrl, member.token);
    sockets.tester = await WsClient.open(env.wsUrl, (await seedUserWithRoles(env, 'kontrolleur', ['tester'])).token);
    sockets.moderator = await WsClient.open(
      env.wsUrl,
      (await seedUserWithRoles(env, 'moderatorin', ['moderator'])).token,
    );
    sockets.admin = await WsClient.open(env.wsUrl, (await seedUserWithRoles(env, 'administratorin', ['admin'])).token);
  });
  afterAll(async () => {
    await Promise.all(Object.values(sockets).map((s) => s.close()));
    await env.destroy();
  });

  const cases = Object.keys(ALLOWED).flatMap((type) => SENDERS.map((sender) => [type, sender] as const));

  it.each(cases)('%s from %s', async (type, sender) => {
    const before = await env.server.storage.events.lastPosition();
    const reply = await sockets[sender].request(type, contentFor(type, ids));
    if (sender === 'visitor') {
      expect(reply).toEqual({ success: false, message: SOCKET_TEXTS.tooEarly });
    } else if (!ALLOWED[type]!.includes(sender)) {
      expect(reply.success).toBe(false);
      // Without the role: "Dazu fehlt dir die Berechtigung."; a team command without a team says that instead.
      if (!ALLOWED[type]!.every((s) => s === 'member')) expect(reply.message).toBe(texts.forbidden);
      else expect(typeof reply.message).toBe('string');
    } else {
      // Allowed: it may still be refused by the game state, but never for lack of rights.
      expect(reply.message).not.toBe(texts.forbidden);
      if (reply.success === false) expect(typeof reply.message).toBe('string');
      return;
    }
    expect(await env.server.storage.events.lastPosition()).toBe(before);
  });
});
