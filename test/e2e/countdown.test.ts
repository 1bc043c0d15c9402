import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

describe('countdown expiry', () => {
  let env: TestServer;

  beforeAll(async () => {
    env = await startTestServer();
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('given the countdown ends during maintenance, when maintenance ends, then the answers are locked in', async () => {
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Wartung',
        yearWeek: '2026-47',
        content: [{ type: 'normal', round: 1, number: 1, question: 'Q?', answer: 'A' }],
      },
      admin,
    );
    const player = await registerAndLogin(env.url, 'geduldig');
    await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Wartende', newPassword: 'w-team', stadt: 'Ulm', beschreibung: 'Warten' },
      player.token,
    );
    const moderator = await WsClient.open(env.wsUrl, admin);
    const playerWs = await WsClient.open(env.wsUrl, player.token);
    await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 });
    await playerWs.until((v) => v.global.state === 'qa');
    await playerWs.request('gp', { message: 'A' });
    await playerWs.request('gf', { number: 1 });
    await moderator.request('mc', { time: 1 });
    expect(await moderator.request('ara', { recheckAt: Date.now() + 60_000 })).toMatchObject({ success: true });
    await playerWs.until((v) => v.global.state === 'ma');
    await new Promise((resolve) => setTimeout(resolve, 1800)); // the countdown's end passes in maintenance
    expect((await env.server.storage.events.readAll()).some((e) => e.type === 'CountdownExpired')).toBe(false);

    expect(await moderator.request('ara', { recheckAt: 0 })).toMatchObject({ success: true });
    const taken = await playerWs.until((v) => v.global.state === 'qn' && v.team.takenAnswer, 5000);
    expect(taken).toEqual({ message: 'A', user: 'geduldig' });
    await Promise.all([moderator.close(), playerWs.close()]);
  });
});
