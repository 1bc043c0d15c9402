import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

const TOML = `name = "Aus TOML"
yearWeek = "2026-48"

[1.1]
type = "normal"
category = "(2) Geografie"
question = "Hauptstadt von Kanada?"
answer = "Ottawa"

[1.2]
type = "abcd"
question = "Wer sang Atemlos?"
answer = "B"
options = ["Nena", "Helene Fischer"]
`;

async function postText(base: string, path: string, text: string, token: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    body: text,
    headers: { 'content-type': 'application/toml', authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('quiz import and nights over HTTP', () => {
  let env: TestServer;
  let admin: string;

  beforeAll(async () => {
    env = await startTestServer();
    admin = await login(env.url, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('previews a TOML quiz without saving it, and names the line of a syntax error', async () => {
    const before = await env.server.storage.events.lastPosition();
    const preview = await postText(env.url, '/api/quizzes/import', TOML, admin);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ name: 'Aus TOML', yearWeek: '2026-48' });
    expect(
      preview.body.content.map((q: { round: number; number: number; type: string }) => [q.round, q.number, q.type]),
    ).toEqual([
      [1, 1, 'normal'],
      [1, 2, 'abcd'],
    ]);
    expect(await env.server.storage.events.lastPosition()).toBe(before);

    const broken = await postText(env.url, '/api/quizzes/import', 'name = "x"\n[1.1\nquestion = 1', admin);
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0]).toMatchObject({ line: 2 });
    expect(broken.body.errors[0].detail).toMatch(/^Zeile 2/);

    const player = await registerAndLogin(env.url, 'neugierig');
    expect((await postText(env.url, '/api/quizzes/import', TOML, player.token)).status).toBe(403);
  });

  it('lists nights and exports a night’s events as JSON Lines, for admins only', async () => {
    const preview = await postText(env.url, '/api/quizzes/import', TOML, admin);
    const quiz = await api(env.url, 'POST', '/api/quizzes', preview.body, admin);
    expect(quiz.status).toBe(201);
    const moderator = await WsClient.open(env.wsUrl, admin);
    expect(await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toMatchObject({
      success: true,
    });
    await moderator.close();

    const nights = await api(env.url, 'GET', '/api/nights', undefined, admin);
    expect(nights.status).toBe(200);
    expect(nights.body.data).toEqual([
      expect.objectContaining({ quizId: quiz.body.data.id, quizName: 'Aus TOML', endedAt: null }),
    ]);
    const nightId = nights.body.data[0].id as string;
    const response = await fetch(`${env.url}/api/nights/${nightId}/events`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const events = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; streamId: string });
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['NightStarted', 'QuestionStarted']));
    expect(new Set(events.map((e) => e.streamId))).toEqual(new Set([`night-${nightId}`]));

    const player = await registerAndLogin(env.url, 'spion');
    expect((await api(env.url, 'GET', '/api/nights', undefined, player.token)).status).toBe(403);
  });
});
