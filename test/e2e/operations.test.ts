import { METRICS_TEXTS } from '../../src/edge-texts';
import { WIRE_COMMANDS } from '../../src/commands';
import { nameBasedUuid } from '../../src/store/event-ids';
import { api, ADMIN_PASSWORD, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

/** The value of one sample in Prometheus text (`name{a="b"} 3`), or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

async function scrape(url: string, token?: string): Promise<{ status: number; text: string; type: string | null }> {
  const response = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
}

describe('operations: /metrics, /api/ready, /api/health', () => {
  let env: TestServer;
  const METRICS_TOKEN = 'scrape-geheimnis-der-operations-tests-0123456789';

  beforeAll(async () => {
    env = await startTestServer({}, undefined, { METRICS_TOKEN });
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('given METRICS_TOKEN, then /metrics answers 401 without it or with another, and Prometheus text with it', async () => {
    expect((await scrape(env.url)).status).toBe(401);
    expect((await scrape(env.url, 'falsch')).status).toBe(401);
    const refused = await fetch(`${env.url}/metrics`);
    expect(((await refused.json()) as { errors: Array<{ detail: string }> }).errors[0]!.detail).toContain(
      'METRICS_TOKEN',
    );
    const { status, text, type } = await scrape(env.url, METRICS_TOKEN);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    for (const name of [
      'quiz_sockets',
      'quiz_commands_total',
      'quiz_command_rejections_total',
      'quiz_append_seconds',
      'quiz_push_seconds',
      'quiz_group_commit_commands',
      'quiz_commands_redecided_total',
      'quiz_projection_lag_events',
      'quiz_live_state_lag_events',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('counts sockets by role, commands and rejections by type, and the group commits with their latencies', async () => {
    const before = (await scrape(env.url, METRICS_TOKEN)).text;
    const player = await registerAndLogin(env.url, 'messwert');
    const playerSocket = await WsClient.open(env.wsUrl, player.token);
    const moderatorSocket = await WsClient.open(env.wsUrl, await login(env.url, 'admin', ADMIN_PASSWORD));
    const anonymous = await WsClient.connect(env.wsUrl);

    expect(await playerSocket.request('ulc', { message: 'Hallo Lobby' })).toMatchObject({ success: true });
    expect(await playerSocket.request('mc', { time: 30 })).toMatchObject({ success: false });
    const after = (await scrape(env.url, METRICS_TOKEN)).text;

    expect(sample(after, 'quiz_sockets', { role: 'player' })).toBe(1);
    expect(sample(after, 'quiz_sockets', { role: 'moderator' })).toBe(1); // the first admin holds all three roles
    expect(sample(after, 'quiz_sockets', { role: 'admin' })).toBe(1);
    expect(sample(after, 'quiz_sockets', { role: 'anonymous' })).toBe(1);
    const chat = WIRE_COMMANDS.ulc;
    const countdown = WIRE_COMMANDS.mc;
    expect(sample(after, 'quiz_commands_total', { type: chat })).toBe(
      (sample(before, 'quiz_commands_total', { type: chat }) ?? 0) + 1,
    );
    expect(sample(after, 'quiz_commands_total', { type: countdown })).toBe(1);
    expect(sample(after, 'quiz_command_rejections_total', { type: countdown, reason: 'forbidden' })).toBe(1);
    expect(sample(after, 'quiz_command_rejections_total', { type: chat, reason: 'forbidden' })).toBeUndefined();
    // Registration and lobby chat appended: each was a group commit, timed from append to push.
    const commits = sample(after, 'quiz_group_commit_commands_count')!;
    expect(commits).toBeGreaterThanOrEqual((sample(before, 'quiz_group_commit_commands_count') ?? 0) + 2);
    expect(sample(after, 'quiz_append_seconds_count')).toBe(commits);
    expect(sample(after, 'quiz_push_seconds_count')).toBe(commits);
    expect(sample(after, 'quiz_live_state_lag_events')).toBe(0);
    expect(after).toMatch(/^quiz_projection_lag_events\{projector="[^"]+"\} \d+$/m);

    await Promise.all([playerSocket.close(), moderatorSocket.close(), anonymous.close()]);
  });

  it('given the live state caught up, then /api/ready is 200; /api/health is 200', async () => {
    expect(await api(env.url, 'GET', '/api/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await api(env.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('given the live state stopped following the log and an event appended behind it, then /api/ready is 503 with the reason while /api/health stays 200', async () => {
    await env.server.runtime.engine.live.stop();
    const commandId = 'ops-test:behind';
    await env.server.storage.events.append(
      'user-ops-behind',
      [
        {
          id: nameBasedUuid(commandId, 0),
          type: 'UserRegistered',
          data: { userId: 'ops-behind', login: 'hinterher', name: 'hinterher', email: null, roles: [] },
          metadata: {
            eventId: nameBasedUuid(commandId, 0),
            commandId,
            actor: { userId: null, roles: [] },
            recordedAt: Date.now(),
            version: 1,
          },
        },
      ],
      'no_stream',
    );
    const ready = await api(env.url, 'GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not_ready', reason: expect.stringContaining('Live-Zustand') });
    expect(ready.body.store.lastPosition).toBeGreaterThan(ready.body.live.position);
    expect((await api(env.url, 'GET', '/api/health')).status).toBe(200);
    expect(sample((await scrape(env.url, METRICS_TOKEN)).text, 'quiz_live_state_lag_events')).toBe(1);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let env: TestServer;
  beforeAll(async () => {
    env = await startTestServer();
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('is open from this machine, and is not answered by the web app', async () => {
    const { status, text } = await scrape(env.url);
    expect(status).toBe(200);
    expect(text).toContain('# TYPE quiz_commands_total counter');
  });

  it('answers 403 in German to a request a proxy forwarded (the instance port may be reachable from outside)', async () => {
    const response = await fetch(`${env.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.5' } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { errors: Array<{ detail: string }> }).errors[0]!.detail).toBe(
      METRICS_TEXTS.localOnly,
    );
  });

  it('sends Cache-Control: no-store with every API answer, token answers included; uploads keep their own', async () => {
    const answer = await fetch(`${env.url}/api/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${env.url}/api/health`)).headers.get('cache-control')).toBe('no-store');
  });
});
