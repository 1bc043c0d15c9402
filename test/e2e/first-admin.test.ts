import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';

/**
 * The first admin exists once (PROTOCOL.md, "Hardening, third round"): on the embedded store, and on
 * Postgres when DATABASE_URL is set.
 */
describe('the first admin after its erasure and a restart', () => {
  let env: TestServer;

  afterEach(async () => {
    await env?.destroy();
  });

  const rolesOf = async (token: string) =>
    (await api(env.url, 'GET', '/api/tokens/current', undefined, token)).body.data.attributes.perm as string[];

  it('given a second admin erased `admin` and a player registered `Admin`, when the server restarts on the same data, then that player is a player and the erased admin stays erased', async () => {
    env = await startTestServer();
    expect(env.server.firstAdmin).toMatchObject({ created: true });
    const firstAdminId = (env.server.firstAdmin as { userId: string }).userId;
    const first = await login(env.url, 'admin', ADMIN_PASSWORD);
    const chefin = await registerAndLogin(env.url, 'chefin', 'chefin-passwort');
    expect((await api(env.url, 'PUT', `/api/users/${chefin.userId}/roles`, { roles: ['admin'] }, first)).status).toBe(
      200,
    );
    const chefinToken = await login(env.url, 'chefin', 'chefin-passwort');
    expect(
      (await api(env.url, 'DELETE', `/api/users/${firstAdminId}`, { currentPassword: 'chefin-passwort' }, chefinToken))
        .status,
    ).toBe(204);
    const player = await registerAndLogin(env.url, 'Admin', 'spieler-passwort');

    env = await env.restart();
    expect(env.server.firstAdmin).toEqual({ created: false, userId: null, passwordReset: false });
    const again = await login(env.url, 'Admin', 'spieler-passwort');
    expect(await rolesOf(again)).toEqual([]);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, again)).body.data.id).toBe(player.userId);
    expect((await api(env.url, 'GET', '/api/users', undefined, again)).status).toBe(403);
    expect(
      (await api(env.url, 'POST', '/api/token-auth/', { username: 'admin', password: ADMIN_PASSWORD })).status,
    ).toBe(403);
    expect(await rolesOf(await login(env.url, 'chefin', 'chefin-passwort'))).toEqual(['admin']);
    const registrations = (await env.server.storage.events.readAll()).filter((e) => e.type === 'UserRegistered');
    expect(registrations).toHaveLength(3); // admin, chefin, Admin: nothing appended at the restart
  });

  it('given `admin` erased and nobody took the name, when the server restarts with ADMIN_PASSWORD_RESET, then the erased admin does not come back', async () => {
    env = await startTestServer();
    const firstAdminId = (env.server.firstAdmin as { userId: string }).userId;
    const first = await login(env.url, 'admin', ADMIN_PASSWORD);
    const chefin = await registerAndLogin(env.url, 'chefin', 'chefin-passwort');
    await api(env.url, 'PUT', `/api/users/${chefin.userId}/roles`, { roles: ['admin'] }, first);
    const chefinToken = await login(env.url, 'chefin', 'chefin-passwort');
    expect(
      (await api(env.url, 'DELETE', `/api/users/${firstAdminId}`, { currentPassword: 'chefin-passwort' }, chefinToken))
        .status,
    ).toBe(204);
    await env.stop();

    const reset = await startTestServer({}, env.dataDir, {
      ADMIN_PASSWORD_RESET: 'true',
      ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
    });
    const original = env;
    env = { ...reset, destroy: async () => (await reset.stop(), await original.destroy()) };
    expect(env.server.firstAdmin).toEqual({ created: false, userId: null, passwordReset: false });
    expect(
      (await api(env.url, 'POST', '/api/token-auth/', { username: 'admin', password: ADMIN_PASSWORD })).status,
    ).toBe(403);
  });

  it('given the first admin still there, when ADMIN_PASSWORD_RESET runs, then it acts on that user id', async () => {
    env = await startTestServer();
    const firstAdminId = (env.server.firstAdmin as { userId: string }).userId;
    await env.stop();
    const reset = await startTestServer({}, env.dataDir, {
      ADMIN_PASSWORD: 'ein-neues-admin-passwort',
      ADMIN_PASSWORD_RESET: 'true',
      ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
    });
    const original = env;
    env = { ...reset, destroy: async () => (await reset.stop(), await original.destroy()) };
    expect(env.server.firstAdmin).toEqual({ created: false, userId: firstAdminId, passwordReset: true });
    expect(await rolesOf(await login(env.url, 'admin', 'ein-neues-admin-passwort'))).toEqual([
      'admin',
      'moderator',
      'tester',
    ]);
  });
});
