import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

describe('one-time login links and invite links', () => {
  let env: TestServer;

  beforeAll(async () => {
    env = await startTestServer();
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('given an admin creates a login link (ali), then its token logs that user in exactly once, and the log never holds the token', async () => {
    const guest = await registerAndLogin(env.url, 'gast');
    const admin = await WsClient.open(env.wsUrl, await login(env.url, 'admin', ADMIN_PASSWORD));
    const link = await admin.request('ali', { id: guest.userId });
    expect(link).toMatchObject({ success: true, token: expect.any(String) });

    const first = await api(env.url, 'POST', '/api/token-auth/', { token: link.token });
    expect(first.status).toBe(200);
    const me = await api(env.url, 'GET', '/api/tokens/current', undefined, first.body.token);
    expect(me.body.data).toMatchObject({ type: 'users', id: guest.userId, attributes: { login: 'gast' } });
    expect(await api(env.url, 'POST', '/api/token-auth/', { token: link.token })).toMatchObject({
      status: 403,
      body: { errors: [{ detail: 'Der Login-Link ist ungültig, abgelaufen oder wurde schon benutzt.' }] },
    });
    const log = JSON.stringify(await env.server.storage.events.readAll());
    expect(log).not.toContain(link.token);
    await admin.close();
  });

  it('given a member creates an invite (gl), then two friends can join with it, and a made-up token cannot', async () => {
    const captain = await registerAndLogin(env.url, 'kapitän');
    await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Möwen', newPassword: 'möwe-team', stadt: 'Kiel', beschreibung: 'Laut' },
      captain.token,
    );
    const captainWs = await WsClient.open(env.wsUrl, captain.token);
    const invite = await captainWs.request('gl');
    for (const name of ['freundin', 'freund']) {
      const friend = await WsClient.open(env.wsUrl, (await registerAndLogin(env.url, name)).token);
      expect(await friend.request('gi', { token: invite.token })).toMatchObject({ success: true });
      await friend.until((v) => v.team?.name === 'Möwen');
      await friend.close();
    }
    const stranger = await WsClient.open(env.wsUrl, (await registerAndLogin(env.url, 'fremder')).token);
    expect(await stranger.request('gi', { token: 'ausgedacht' })).toMatchObject({ success: false });
    expect(JSON.stringify(await env.server.storage.events.readAll())).not.toContain(invite.token);
    await stranger.close();
    await captainWs.close();
  });
});
