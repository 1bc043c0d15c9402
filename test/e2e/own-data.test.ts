import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';
import { serverForSuite } from './support/suite';

/** PROTOCOL.md wave 5, "Getting back in, and one's own data": the e-mail change and the data export. */
describe("one's own data", () => {
  const suite = serverForSuite();

  it("changes one's e-mail address only with the current password, and refuses an invalid one in German", async () => {
    const { env } = suite;
    const { token, userId } = await registerAndLogin(env.url, 'mara', 'maras-passwort');
    const patch = (attributes: Record<string, unknown>) =>
      api(env.url, 'PATCH', `/api/users/${userId}`, { data: { type: 'users', id: userId, attributes } }, token);
    expect(await patch({ email: 'mara@example.de' })).toMatchObject({
      status: 403,
      body: { errors: [{ detail: 'Das aktuelle Passwort fehlt oder ist falsch.' }] },
    });
    expect(await patch({ email: 'kein-at', currentPassword: 'maras-passwort' })).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Bitte gib eine gültige E-Mail-Adresse an (zum Beispiel name@example.de).' }] },
    });
    expect(await patch({ email: `${'m'.repeat(250)}@x.de`, currentPassword: 'maras-passwort' })).toMatchObject({
      status: 400,
    });
    expect(await patch({ email: 'mara@example.de', currentPassword: 'maras-passwort' })).toMatchObject({
      status: 200,
      body: { data: { attributes: { email: 'mara@example.de' } } },
    });
    // An admin sets passwords of others, not their addresses.
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    expect((await api(env.url, 'PATCH', `/api/users/${userId}`, { email: 'admin@example.de' }, admin)).status).toBe(
      403,
    );
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, token)).body.data.attributes.email).toBe(
      'mara@example.de',
    );
  });

  it("exports the caller's own proposals and chat lines as a download, and nothing personal of a teammate", async () => {
    const { env } = suite;
    const me = await registerAndLogin(env.url, 'ich-selbst', 'mein-passwort');
    const mate = await registerAndLogin(env.url, 'teamkollegin', 'ihr-passwort');
    await api(
      env.url,
      'PATCH',
      `/api/users/${mate.userId}`,
      { name: 'Geheime Kollegin', email: 'kollegin@example.de', currentPassword: 'ihr-passwort' },
      mate.token,
    );
    const team = await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Datenschützer', newPassword: 'team-pw', stadt: 'Bonn', beschreibung: 'Wir' },
      me.token,
    );
    expect(team.status).toBe(201);
    const teamId = team.body.data.id as string;
    const adminToken = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Auskunft',
        yearWeek: '2026-49',
        content: [
          { type: 'normal', round: 1, number: 1, category: 'Recht', question: 'Welcher Artikel?', answer: '15' },
        ],
      },
      adminToken,
    );
    const moderator = await suite.open(adminToken);
    const mine = await suite.open(me.token);
    const theirs = await suite.open(mate.token);
    expect(await theirs.request('gj', { id: teamId, password: 'team-pw' })).toMatchObject({ success: true });
    expect(await mine.request('ulc', { message: 'Meine Lobbyzeile' })).toMatchObject({ success: true });
    expect(await theirs.request('ulc', { message: 'Lobbyzeile der Kollegin' })).toMatchObject({ success: true });
    expect(await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toMatchObject({
      success: true,
    });
    await mine.until((v) => v.global?.state === 'qa');
    await theirs.until((v) => v.global?.state === 'qa');
    expect(await mine.request('gp', { message: 'Mein Vorschlag Artikel 15' })).toMatchObject({ success: true });
    expect(await mine.request('gc', { message: 'Meine Teamchat-Zeile' })).toMatchObject({ success: true });
    expect(await theirs.request('gp', { message: 'Vorschlag der Kollegin' })).toMatchObject({ success: true });
    expect(await theirs.request('gc', { message: 'Teamchat der Kollegin' })).toMatchObject({ success: true });

    const response = await fetch(`${env.url}/api/users/me/export`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="meine-daten.json"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const data = JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(data.account).toMatchObject({
      id: me.userId,
      login: 'ich-selbst',
      name: 'ich-selbst',
      email: null,
      roles: [],
    });
    expect(data.proposals.map((p: { message: string }) => p.message)).toEqual(['Mein Vorschlag Artikel 15']);
    expect(data.teamChat.map((p: { message: string }) => p.message)).toEqual(['Meine Teamchat-Zeile']);
    expect(data.lobbyChat.map((p: { message: string }) => p.message)).toEqual(['Meine Lobbyzeile']);
    expect(data.teamMemberships).toEqual([{ at: expect.any(String), teamId, team: 'Datenschützer', via: 'creation' }]);
    expect(data.currentTeam).toEqual({ teamId, name: 'Datenschützer' });
    for (const theirsOnly of [
      'teamkollegin',
      'Geheime Kollegin',
      'kollegin@example.de',
      mate.userId,
      'Vorschlag der Kollegin',
      'Teamchat der Kollegin',
      'Lobbyzeile der Kollegin',
    ]) {
      expect(text).not.toContain(theirsOnly);
    }
    expect((await api(env.url, 'GET', '/api/users/me/export')).status).toBe(401);
  });
});
