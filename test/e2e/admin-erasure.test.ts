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

const WRONG_PASSWORD = 'Das aktuelle Passwort fehlt oder ist falsch.';
const TOO_MANY = 'Du hast gerade zu viele Konten gelöscht. Bitte versuche es in einer Stunde noch einmal.';
const LAST_ADMIN =
  'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du dieses Konto löschst.';
const LAST_UNBLOCKED =
  'Die Show braucht mindestens einen Admin, der sich anmelden kann: Dieses Konto ist der letzte nicht gesperrte Admin.';

/** DELETE /api/users/:id by an admin (PROTOCOL.md, "Hardening, third round"); on both stores. */
describe("an admin erasing someone else's account", () => {
  let env: TestServer;
  const opened: WsClient[] = [];

  beforeEach(async () => {
    env = await startTestServer();
  });
  afterEach(async () => {
    for (const socket of opened.splice(0)) socket.close();
    await env.destroy();
  });

  const erase = (userId: string, token: string, currentPassword?: string) =>
    api(
      env.url,
      'DELETE',
      `/api/users/${userId}`,
      currentPassword === undefined ? undefined : { currentPassword },
      token,
    );

  it('given an admin token, when the current password is missing or wrong, then nothing is erased (403, German)', async () => {
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const player = await registerAndLogin(env.url, 'bleibt');
    expect(await erase(player.userId, admin)).toMatchObject({
      status: 403,
      body: { errors: [{ detail: WRONG_PASSWORD }] },
    });
    expect(await erase(player.userId, admin, 'geraten')).toMatchObject({
      status: 403,
      body: { errors: [{ detail: WRONG_PASSWORD }] },
    });
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, player.token)).status).toBe(200);
    expect((await env.server.storage.events.readAll()).some((e) => e.type === 'UserErased')).toBe(false);
  });

  it('given 15 accounts, when one admin erases them in a row with the right password, then the limit answers 429 in German and the rest stay', async () => {
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const players: string[] = [];
    for (let i = 0; i < 15; i++) players.push((await seedUserWithRoles(env, `opfer${i}`, [])).userId);
    const statuses: number[] = [];
    for (const userId of players) {
      const answer = await erase(userId, admin, ADMIN_PASSWORD);
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body.errors[0].detail).toBe(TOO_MANY);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    const erased = (await env.server.storage.events.readAll()).filter((e) => e.type === 'UserErased');
    expect(erased).toHaveLength(10);
  });

  it('given two admins, when one blocks the other, then the working one cannot erase themself, by either route (409)', async () => {
    const first = await login(env.url, 'admin', ADMIN_PASSWORD);
    const second = await seedUserWithRoles(env, 'zweite', ['admin']);
    const firstId = (await api(env.url, 'GET', '/api/tokens/current', undefined, first)).body.data.id as string;
    const socket = await WsClient.open(env.wsUrl, first);
    opened.push(socket);
    expect(await socket.request('abl', { userId: second.userId, blocked: true })).toEqual({ success: true });
    expect(await api(env.url, 'DELETE', '/api/users/me', { currentPassword: ADMIN_PASSWORD }, first)).toMatchObject({
      status: 409,
      body: { errors: [{ detail: LAST_ADMIN }] },
    });
    expect(await erase(firstId, first, ADMIN_PASSWORD)).toMatchObject({
      status: 409,
      body: { errors: [{ detail: LAST_ADMIN }] },
    });
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, first)).status).toBe(200);
  });

  it('given two admins, when they block each other at the same moment, then exactly one block goes through and one admin can still log in', async () => {
    const first = await login(env.url, 'admin', ADMIN_PASSWORD);
    const firstId = (await api(env.url, 'GET', '/api/tokens/current', undefined, first)).body.data.id as string;
    const second = await seedUserWithRoles(env, 'zweite', ['admin']);
    const [a, b] = await Promise.all([WsClient.open(env.wsUrl, first), WsClient.open(env.wsUrl, second.token)]);
    opened.push(a, b);
    // The one blocked first may lose its socket (its tokens end) before its own command is answered.
    const answerOrClose = (client: WsClient, userId: string) =>
      Promise.race([
        client.request('abl', { userId, blocked: true }),
        new Promise<null>((resolve) => client.socket.once('close', () => resolve(null))),
      ]);
    const answers = await Promise.all([answerOrClose(a, second.userId), answerOrClose(b, firstId)]);
    expect(answers.filter((answer) => answer?.success === true)).toHaveLength(1);
    const refused = answers.find((answer) => answer !== null && answer.success !== true);
    if (refused) expect(refused.message).toBe(LAST_UNBLOCKED);
    const blocks = (await env.server.storage.events.readAll()).filter((e) => e.type === 'UserBlocked');
    expect(blocks).toHaveLength(1);
    const stillIn = await Promise.all([
      login(env.url, 'admin', ADMIN_PASSWORD).catch(() => null),
      login(env.url, 'zweite', 'passwort').catch(() => null),
    ]);
    expect(stillIn.filter((token) => token !== null)).toHaveLength(1);
  });
});
