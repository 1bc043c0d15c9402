import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

const INVALID_TEXT = 'Der Text enthält ungültige Zeichen.';

/**
 * Text no store can hold (a NUL, an unpaired surrogate) is refused at the edge with a German message,
 * over the socket and over HTTP, nested content included; nothing is stored, and the sender's next
 * proposal goes through. Before, the proposal passed the rule and the store refused its whole batch.
 */
describe('text with a NUL or an unpaired surrogate', () => {
  let env: TestServer;
  let adminToken: string;
  let player: { token: string; userId: string };
  let playerWs: WsClient;
  const clients: WsClient[] = [];

  const lastPosition = () => env.server.storage.events.lastPosition();

  beforeAll(async () => {
    env = await startTestServer();
    adminToken = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Gift',
        yearWeek: '2026-48',
        content: [{ type: 'normal', round: 1, number: 1, category: 'K', question: 'F?', answer: 'A' }],
      },
      adminToken,
    );
    player = await registerAndLogin(env.url, 'paula');
    expect(
      (
        await api(
          env.url,
          'POST',
          '/api/teams',
          { name: 'Giftmischer', newPassword: 'x-team', stadt: 'Bonn', beschreibung: 'b' },
          player.token,
        )
      ).status,
    ).toBe(201);
    const moderator = await WsClient.open(env.wsUrl, adminToken);
    playerWs = await WsClient.open(env.wsUrl, player.token);
    clients.push(moderator, playerWs);
    expect(await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toMatchObject({
      success: true,
    });
    await playerWs.until((v) => v.global?.state === 'qa');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await env.destroy();
  });

  it.each([
    ['a NUL in a proposal', 'gp', { message: 'Paris\u0000' }],
    ['an unpaired high surrogate in a proposal', 'gp', { message: 'Paris \ud83d' }],
    ['an unpaired low surrogate in the team chat', 'gc', { message: '\ude00 hallo' }],
    ['a NUL in a key', 'gp', { message: 'Paris', '\u0000': 1 }],
    ['a NUL deep in content', 'gu', { stadt: 'Bonn', extra: [[{ deeper: ['\u0000'] }]] }],
    ['a NUL in a team id of a join', 'gj', { id: '\u0000', password: 1e308 }],
  ])('given %s over the socket, then it is refused in German and nothing is stored', async (_what, type, content) => {
    const before = await lastPosition();
    expect(await playerWs.request(type, content)).toEqual({ success: false, message: INVALID_TEXT });
    expect(await lastPosition()).toBe(before);
  });

  it("given a NUL, then the same player's next proposal goes through", async () => {
    expect(await playerWs.request('gp', { message: 'Bonn\u0000' })).toEqual({ success: false, message: INVALID_TEXT });
    expect(await playerWs.request('gp', { message: 'Bonn' })).toEqual({ success: true });
    const proposals = await playerWs.until(
      (v) => Object.values(v.team?.proposals ?? {}).length > 0 && v.team.proposals,
    );
    expect(Object.values(proposals).map((p) => (p as { message: string }).message)).toEqual(['Bonn']);
  });

  it('given a well-formed surrogate pair (an emoji), then it is text like any other', async () => {
    expect(await playerWs.request('gc', { message: 'Prost \ud83c\udf7a' })).toEqual({ success: true });
  });

  it.each([
    [
      'a NUL in nested quiz content',
      '/api/quizzes',
      {
        name: 'Q',
        yearWeek: '2026-49',
        content: [{ type: 'normal', round: 1, number: 1, category: 'K', question: 'F\u0000', answer: 'A' }],
      },
      (): string | undefined => adminToken,
    ],
    [
      'an unpaired surrogate in a team name',
      '/api/teams',
      { name: 'Team \udfff', newPassword: 'x-team', stadt: 'Bonn', beschreibung: 'b' },
      (): string | undefined => player.token,
    ],
    [
      'a NUL in a login',
      '/api/users',
      { data: { type: 'users', attributes: { login: 'nul\u0000l', newPassword: 'geheim' } } },
      (): string | undefined => undefined,
    ],
    [
      'a NUL in a QR team name',
      '/api/fqps/team/new',
      { name: 'QR\u0000', amount: 3 },
      (): string | undefined => undefined,
    ],
    [
      'a NUL in a greeting',
      '/api/fqps/gruss/new',
      { username: 'Oma', message: 'Hallo\u0000' },
      (): string | undefined => undefined,
    ],
    [
      'a NUL in a login name',
      '/api/token-auth/',
      { username: 'nul\u0000l', password: 'geheim' },
      (): string | undefined => undefined,
    ],
  ])('given %s over HTTP, then 400 with the German text and nothing is stored', async (_what, path, body, token) => {
    const before = await lastPosition();
    const response = await api(env.url, 'POST', path, body, token());
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(INVALID_TEXT);
    expect(await lastPosition()).toBe(before);
  });
});
