import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin, seedUserWithRoles } from './support/test-server';
import { SOCKET_CLOSE_CODES } from '../../wire';
import type { WsClient } from './support/ws-client';
import { USER_ROLE_COMMAND_TEXTS } from '../../src/commands/user-roles';
import { DECIDE_COMMAND_TEXTS } from '../../src/commands/decide';

/** Resolves with the close code once the socket closes. */
function closed(client: WsClient): Promise<number> {
  return new Promise((resolve) => {
    if (client.socket.readyState === client.socket.CLOSED) return resolve(-1);
    client.socket.once('close', (code) => resolve(code));
  });
}

const FORBIDDEN = 'Dazu fehlt dir die Berechtigung.';
const LAST_ADMIN =
  'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du sie hier entfernst.';

/** The `perm` a token carries (the payload, base64url). */
function permOf(token: string): string[] {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { perm: string[] }).perm;
}

/**
 * Operator accounts (PROTOCOL.md): an admin sets roles over HTTP; the change ends the user's older
 * tokens (their sockets close, HTTP answers 401: PROTOCOL.md wave 4, "Hardening, second round"), and
 * the next login carries the new roles.
 */
describe('operator accounts over HTTP and WebSocket', () => {
  const suite = serverForSuite();
  let adminToken: string;
  let quizId: string;

  const setRoles = (userId: string, roles: unknown, token = adminToken) =>
    api(suite.env.url, 'PUT', `/api/users/${userId}/roles`, { roles }, token);

  beforeAll(async () => {
    adminToken = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      suite.env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Rollenquiz',
        yearWeek: '2026-47',
        content: [{ type: 'normal', round: 1, number: 1, question: 'Hauptstadt von Frankreich?', answer: 'Paris' }],
      },
      adminToken,
    );
    quizId = quiz.body.data.id as string;
  });

  it("given a player's open socket, when the admin grants tester over HTTP, then the old token ends (socket closed, 401); logged in again, the socket has the tester view and may check; revoked, the same again", async () => {
    const lena = await registerAndLogin(suite.env.url, 'lena');
    const socket = await suite.open(lena.token);
    expect(socket.views.tester).toBeUndefined();
    expect(await socket.request('ta', { quiz: quizId })).toEqual({ success: false, message: FORBIDDEN });

    const ended = closed(socket);
    const granted = await setRoles(lena.userId, ['tester']);
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({
      type: 'users',
      id: lena.userId,
      attributes: { login: 'lena', perm: ['tester'] },
    });
    expect(await ended).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    expect((await api(suite.env.url, 'GET', '/api/tokens/current', undefined, lena.token)).status).toBe(401);

    const testerToken = await login(suite.env.url, 'lena', 'passwort123');
    expect(permOf(lena.token)).toEqual([]);
    expect(permOf(testerToken)).toEqual(['tester']);
    const tester = await suite.open(testerToken);
    expect(tester.views.tester).toMatchObject({ quiz: expect.any(String) });
    expect(await tester.request('ta', { quiz: quizId })).toMatchObject({ success: true, answers: [] });

    const endedAgain = closed(tester);
    const revoked = await setRoles(lena.userId, []);
    expect(revoked).toMatchObject({ status: 200, body: { data: { attributes: { perm: [] } } } });
    expect(await endedAgain).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    const player = await suite.open(await login(suite.env.url, 'lena', 'passwort123'));
    expect(await player.request('ta', { quiz: quizId })).toEqual({ success: false, message: FORBIDDEN });
    expect((await player.request('sg')).views.tester).toBeUndefined();
  });

  it('given a player granted moderator and logged in again, then the moderator view arrives and moderator commands go through; taken away, that socket ends too', async () => {
    const max = await registerAndLogin(suite.env.url, 'max');
    const socket = await suite.open(max.token);
    expect(await socket.request('mumm', { message: 'Pause!' })).toEqual({ success: false, message: FORBIDDEN });

    expect((await setRoles(max.userId, ['moderator'])).status).toBe(200);
    const moderator = await suite.open(await login(suite.env.url, 'max', 'passwort123'));
    expect(moderator.views.moderator).toBeDefined();
    expect(moderator.views.tester).toBeDefined();
    expect(await moderator.request('mumm', { message: 'Gleich geht es weiter' })).toMatchObject({ success: true });
    await moderator.until((views) => views.global.uberMessage === 'Gleich geht es weiter');

    const ended = closed(moderator);
    expect((await setRoles(max.userId, ['tester'])).status).toBe(200);
    expect(await ended).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    const tester = await suite.open(await login(suite.env.url, 'max', 'passwort123'));
    expect(tester.views.moderator).toBeUndefined();
    expect(tester.views.tester).toBeDefined();
    expect(await tester.request('mumm', { message: 'nicht mehr' })).toEqual({ success: false, message: FORBIDDEN });
  });

  it('records who changed what: the event names the admin, the previous and the new roles', async () => {
    const nora = await registerAndLogin(suite.env.url, 'nora');
    const adminId = (await api(suite.env.url, 'GET', '/api/tokens/current', undefined, adminToken)).body.data
      .id as string;
    expect((await setRoles(nora.userId, ['tester', 'moderator'])).status).toBe(200);
    expect((await setRoles(nora.userId, ['moderator', 'tester'])).status).toBe(200); // the same set: nothing to record
    const events = await suite.env.server.storage.events.readAll();
    const changes = events.filter(
      (e) => e.type === 'UserRolesChanged' && (e.data as { userId: string }).userId === nora.userId,
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      streamId: `user-${nora.userId}`,
      data: {
        userId: nora.userId,
        roles: ['moderator', 'tester'],
        previousRoles: [],
        changedBy: { kind: 'admin', userId: adminId },
      },
      metadata: { actor: { userId: adminId }, recordedAt: expect.any(Number) },
    });
  });

  it('refuses what it must, with German texts, and changes nothing', async () => {
    const olga = await registerAndLogin(suite.env.url, 'olga');
    const moderator = await seedUserWithRoles(suite.env, 'moderatorin', ['moderator']);
    const adminId = (await api(suite.env.url, 'GET', '/api/tokens/current', undefined, adminToken)).body.data
      .id as string;
    const before = await suite.env.server.storage.events.lastPosition();

    expect(await setRoles(olga.userId, ['tester'], moderator.token)).toMatchObject({
      status: 403,
      body: { errors: [{ detail: FORBIDDEN }] },
    });
    expect(await setRoles(olga.userId, ['admin'], olga.token)).toMatchObject({
      status: 403,
      body: { errors: [{ detail: FORBIDDEN }] },
    });
    expect((await api(suite.env.url, 'PUT', `/api/users/${olga.userId}/roles`, { roles: ['tester'] })).status).toBe(
      401,
    );
    expect(await setRoles(olga.userId, ['tester', 'chef'])).toMatchObject({
      status: 400,
      body: { errors: [{ detail: USER_ROLE_COMMAND_TEXTS.unknownRole('chef') }] },
    });
    expect(await setRoles(olga.userId, 'tester')).toMatchObject({
      status: 400,
      body: { errors: [{ detail: USER_ROLE_COMMAND_TEXTS.rolesNotAList }] },
    });
    expect(await setRoles(olga.userId, ['te\u0000ster'])).toMatchObject({
      status: 400,
      body: { errors: [{ detail: DECIDE_COMMAND_TEXTS.invalidText }] },
    });
    expect(await setRoles('niemand', ['tester'])).toMatchObject({
      status: 404,
      body: { errors: [{ detail: 'Konnte das Team/User nicht finden (niemand)' }] },
    });
    // The built-in admin is the only admin: it cannot give up the role, nor be demoted.
    expect(await setRoles(adminId, ['moderator', 'tester'])).toMatchObject({
      status: 400,
      body: { errors: [{ detail: LAST_ADMIN }] },
    });

    expect(await suite.env.server.storage.events.lastPosition()).toBe(before);
    expect(
      (await api(suite.env.url, 'GET', '/api/tokens/current', undefined, olga.token)).body.data.attributes.perm,
    ).toEqual([]);
  });

  it('given a second admin, then the first may give up the role, and the last one left may not', async () => {
    const second = await seedUserWithRoles(suite.env, 'zweite-admin', ['admin']);
    const adminId = (await api(suite.env.url, 'GET', '/api/tokens/current', undefined, adminToken)).body.data
      .id as string;
    expect(await setRoles(adminId, ['moderator', 'tester'], second.token)).toMatchObject({
      status: 200,
      body: { data: { attributes: { perm: ['moderator', 'tester'] } } },
    });
    // The built-in admin's token has ended; logged in again, it lacks the right.
    expect((await setRoles(second.userId, [])).status).toBe(401);
    expect((await setRoles(second.userId, [], await login(suite.env.url, 'admin', ADMIN_PASSWORD))).status).toBe(403);
    expect(await setRoles(second.userId, [], second.token)).toMatchObject({
      status: 400,
      body: { errors: [{ detail: LAST_ADMIN }] },
    });
    expect((await setRoles(adminId, ['admin', 'moderator', 'tester'], second.token)).status).toBe(200);
    adminToken = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
  });

  it('GET /api/users: admins and moderators see every user with perm; others are refused', async () => {
    const onlyAdmin = await seedUserWithRoles(suite.env, 'nur-admin', ['admin']);
    const tester = await seedUserWithRoles(suite.env, 'kontrolleurin', ['tester']);
    const player = await registerAndLogin(suite.env.url, 'paula');
    const listed = await api(suite.env.url, 'GET', '/api/users', undefined, onlyAdmin.token);
    expect(listed.status).toBe(200);
    const byLogin = Object.fromEntries(
      (listed.body.data as Array<{ attributes: { login: string; perm: string[] } }>).map((u) => [
        u.attributes.login,
        u.attributes.perm,
      ]),
    );
    expect(byLogin).toMatchObject({
      admin: ['admin', 'moderator', 'tester'],
      'nur-admin': ['admin'],
      kontrolleurin: ['tester'],
      paula: [],
    });
    expect((await api(suite.env.url, 'GET', '/api/users', undefined, tester.token)).status).toBe(403);
    expect((await api(suite.env.url, 'GET', '/api/users', undefined, player.token)).status).toBe(403);
  });

  it("every rating names the real tester: two Kontrolleure granted over HTTP rate, the log and the checker's answers hold their user ids", async () => {
    const moderator = await suite.open(adminToken);
    const spieler = await registerAndLogin(suite.env.url, 'spielerin');
    expect(
      (
        await api(
          suite.env.url,
          'POST',
          '/api/teams',
          { name: 'Rollenteam', newPassword: 'geheim', stadt: 'Köln', beschreibung: 'Wir' },
          spieler.token,
        )
      ).status,
    ).toBe(201);
    const player = await suite.open(spieler.token);
    const ida = await registerAndLogin(suite.env.url, 'ida');
    const jan = await registerAndLogin(suite.env.url, 'jan');
    for (const tester of [ida, jan]) expect((await setRoles(tester.userId, ['tester'])).status).toBe(200);
    const [idaWs, janWs] = [
      await suite.open(await login(suite.env.url, 'ida', 'passwort123')),
      await suite.open(await login(suite.env.url, 'jan', 'passwort123')),
    ];

    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    await player.until((v) => v.global.state === 'qa');
    expect(await player.request('gp', { message: 'Paris' })).toMatchObject({ success: true });
    expect(await moderator.request('mn')).toMatchObject({ success: true });
    const answerId = (await idaWs.until(
      (v) => v.tester?.answers?.find((a: { answer: string }) => a.answer === 'Paris')?.id,
    )) as string;

    expect(await idaWs.request('tua', { answerId, value: 1, checked: true, liked: false })).toMatchObject({
      success: true,
    });
    expect(await janWs.request('tua', { answerId, value: 2, checked: true, liked: true })).toMatchObject({
      success: true,
    });

    const ratings = (await suite.env.server.storage.events.readAll()).filter((e) => e.type === 'AnswerRated');
    expect(
      ratings.map((e) => [
        (e.data as { testerId: string }).testerId,
        (e.metadata as { actor: { userId: string } }).actor.userId,
      ]),
    ).toEqual([
      [ida.userId, ida.userId],
      [jan.userId, jan.userId],
    ]);
    const checker = await api(
      suite.env.url,
      'GET',
      `/api/quiz-answers?filter[quiz_id]=${quizId}`,
      undefined,
      await login(suite.env.url, 'ida', 'passwort123'),
    );
    expect(checker.body.data).toEqual([
      expect.objectContaining({ id: answerId, attributes: expect.objectContaining({ points: 2, tester: jan.userId }) }),
    ]);
  });
});
