import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

/** Stop the app mid-night and start it on the same store: the same views, and clients carry on. */
describe('restart mid-night', () => {
  let env: TestServer;

  afterAll(async () => {
    await env?.destroy();
  });

  /** Views without what belongs to this process's connections (presence). */
  function withoutPresence(views: Record<string, unknown>): unknown {
    return JSON.parse(JSON.stringify(views), (key, value) => (key === 'online' ? undefined : value));
  }

  it('given a night with a question open and a countdown running, when the app restarts, then views are identical, the countdown still expires, and clients carry on', async () => {
    env = await startTestServer();
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Neustart',
        yearWeek: '2026-47',
        content: [
          { type: 'normal', round: 1, number: 1, question: 'Eins?', answer: '1' },
          { type: 'normal', round: 1, number: 2, question: 'Zwei?', answer: '2' },
        ],
      },
      admin,
    );
    const quizId = quiz.body.data.id as string;
    const dora = await registerAndLogin(env.url, 'dora');
    await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Dachse', newPassword: 'dachs-team', stadt: 'Trier', beschreibung: 'Gräbt' },
      dora.token,
    );

    let moderator = await WsClient.open(env.wsUrl, admin);
    let player = await WsClient.open(env.wsUrl, dora.token);
    await moderator.request('ma', { quiz: quizId, round: 1, question: 1 });
    await player.until((v) => v.global.state === 'qa');
    expect(await player.request('gp', { message: 'Eins!' })).toMatchObject({ success: true });
    const key = await player.until((v) => Object.keys(v.team.proposals)[0]);
    expect(await player.request('gf', { number: Number(key) })).toMatchObject({ success: true });
    await player.until((v) => v.team.favorite === Number(key));
    await player.sync();
    const before = withoutPresence(player.views);

    expect(await moderator.request('mc', { time: 2 })).toMatchObject({ success: true });
    const countdown = await player.until((v) => v.global.countdownEndsAt as number);
    await player.close();
    await moderator.close();
    env = await env.restart(); // the countdown's end passes while the app is down or starting

    player = await WsClient.open(env.wsUrl, dora.token);
    const taken = await player.until((v) => v.global.state === 'qn' && v.team.takenAnswer, 15_000);
    expect(taken).toEqual({ message: 'Eins!', user: 'dora' });
    expect(Date.now()).toBeGreaterThanOrEqual(countdown);
    const expiries = (await env.server.storage.events.readAll()).filter((e) => e.type === 'CountdownExpired');
    expect(expiries).toHaveLength(1);

    // Same log, same views: compare a fresh restart's views with the ones just before it.
    await player.sync();
    const afterExpiry = withoutPresence(player.views);
    await player.close();
    env = await env.restart();
    player = await WsClient.open(env.wsUrl, dora.token);
    expect(withoutPresence(player.views)).toEqual(afterExpiry);
    expect(before).not.toEqual(afterExpiry); // the expiry changed something, so the comparison above means something

    moderator = await WsClient.open(env.wsUrl, admin);
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 2 })).toMatchObject({ success: true });
    await player.until((v) => v.global.question?.number === 2 && v.global.state === 'qa');
    expect(await player.request('gp', { message: 'Zwei!' })).toMatchObject({ success: true });
    await player.until((v) =>
      Object.values(v.team.proposals as Record<string, { message: string }>).some((p) => p.message === 'Zwei!'),
    );
    await player.close();
    await moderator.close();
  });
});
