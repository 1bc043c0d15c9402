import { api, registerAndLogin, startTestServer, type TestServer } from './support/test-server';

describe('request log', () => {
  let env: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    env = await startTestServer({ requestLog: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('logs each request with an id, and never a password or token', async () => {
    const password = 'sehr-geheimes-passwort';
    const { token } = await registerAndLogin(env.url, 'leonie', password);
    const response = await fetch(`${env.url}/api/tokens/current`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'abc-123' },
    });
    expect(response.headers.get('x-request-id')).toBe('abc-123');
    await fetch(`${env.url}/api/uploads/team/x/y.png?token=${token}`);
    await api(env.url, 'POST', '/api/token-auth/', { username: 'leonie', password: 'falsch' });

    const log = lines.join('\n');
    expect(lines.find((l) => l.startsWith('abc-123 GET /api/tokens/current 200'))).toBeDefined();
    expect(log).toMatch(/^[0-9a-f-]{36} POST \/api\/token-auth\/ 403 \d+\.\dms$/m);
    expect(log).not.toContain(password);
    expect(log).not.toContain('falsch');
    expect(log).not.toContain(token);
  });
});
