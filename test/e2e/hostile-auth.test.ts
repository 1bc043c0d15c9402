/**
 * Issue 25 ("A hostile crowd"), the account half, against a real server over HTTP and WebSocket:
 * security headers, the failed-login limit per (name, address), revocable tokens, blocking (abl)
 * and the points a player may read. The server trusts X-Forwarded-For (TRUST_PROXY) so that one test
 * can speak from several addresses.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { BLOCKED_TEXT } from '../../src/auth/token-holder';
import { FAILED_LOGINS_PER_NAME } from '../../src/http/login-limits';
import { POINTS_TEXTS } from '../../src/http/points.controller';
import { ADMIN_PASSWORD, api, login, registerAndLogin, seedUserWithRoles, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

let env: TestServer;
const sockets: WsClient[] = [];
beforeAll(async () => {
  env = await startTestServer({}, undefined, { TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await env.destroy();
});

async function open(token: string): Promise<WsClient> {
  const client = await WsClient.open(env.wsUrl, token);
  sockets.push(client);
  return client;
}

function closed(client: WsClient): Promise<number> {
  return new Promise((resolve) => {
    if (client.socket.readyState === WebSocket.CLOSED) return resolve(-1);
    client.socket.once('close', (code) => resolve(code));
  });
}

async function loginFrom(address: string, username: string, password: string) {
  const response = await fetch(`${env.url}/api/token-auth/`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ username, password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('security headers (finding 1)', () => {
  it('every response carries a CSP without inline script, allowing the stream embed, plus helmet\'s headers, and no X-Powered-By', async () => {
    for (const path of ['/api/health', '/api/show-settings', '/api/docs', '/irgendeine/seite']) {
      const response = await fetch(`${env.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['script-src-attr']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-src']).toEqual(['https://player.twitch.tv', 'https://www.twitch.tv']);
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});

describe('failed logins per (name, address) (finding 4)', () => {
  it('given a guesser failing "admin" from one address until it is locked, then the admin logs in from another address', async () => {
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max; i++) expect((await loginFrom('203.0.113.66', 'admin', `geraten${i}`)).status).toBe(403);
    const locked = await loginFrom('203.0.113.66', 'admin', ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].detail).toMatch(/^Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen\./);
    expect((await loginFrom('198.51.100.7', 'admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});

describe('revocable tokens (finding 5)', () => {
  it('given a password change, then it needs the current password, and afterwards every older token answers 401 and its sockets are closed', async () => {
    const anna = await registerAndLogin(env.url, 'anna', 'altes-passwort');
    const second = await login(env.url, 'anna', 'altes-passwort');
    const socket = await open(second);
    const patch = (attributes: Record<string, string>) => api(env.url, 'PATCH', `/api/users/${anna.userId}`, { data: { type: 'users', id: anna.userId, attributes } }, anna.token);

    const withoutCurrent = await patch({ newPassword: 'neues-passwort' });
    expect(withoutCurrent.status).toBe(403);
    expect(withoutCurrent.body.errors[0].detail).toBe('Das aktuelle Passwort fehlt oder ist falsch.');
    expect((await patch({ newPassword: 'neues-passwort', currentPassword: 'falsch' })).status).toBe(403);
    expect((await api(env.url, 'POST', '/api/token-auth/', { username: 'anna', password: 'altes-passwort' })).status).toBe(200);

    const socketClosed = closed(socket);
    const began = performance.now();
    const changed = await patch({ newPassword: 'neues-passwort', currentPassword: 'altes-passwort' });
    expect(changed.status).toBe(200);
    expect(await socketClosed).toBe(4001);
    console.log(`password change: the older token's socket closed ${(performance.now() - began).toFixed(0)} ms after the PATCH was sent`);
    for (const old of [anna.token, second]) expect((await api(env.url, 'GET', '/api/tokens/current', undefined, old)).status).toBe(401);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, changed.body.meta.token)).status).toBe(200);
    const refused = await WsClient.connect(env.wsUrl);
    sockets.push(refused);
    expect(await refused.request('sa', { token: second })).toMatchObject({ success: false });
  });

  it('given a user on three sockets, when they log out everywhere, then all three close and the token answers 401; a new login works', async () => {
    const bert = await registerAndLogin(env.url, 'bert');
    const three = await Promise.all([0, 1, 2].map(() => open(bert.token)));
    const allClosed = Promise.all(three.map(closed));
    const began = performance.now();
    expect(await api(env.url, 'POST', '/api/token-logout-all', undefined, bert.token)).toMatchObject({ status: 200, body: { success: true } });
    expect(await allClosed).toEqual([4001, 4001, 4001]);
    console.log(`token-logout-all: 3 of 3 sockets closed within ${(performance.now() - began).toFixed(0)} ms; 0 left open`);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, bert.token)).status).toBe(401);
    expect((await api(env.url, 'POST', '/api/token-logout-all', undefined, bert.token)).status).toBe(401);
    await open(await login(env.url, 'bert', 'passwort123'));
  });

  it('given an admin setting another user\'s password, then no current password is needed; a player cannot set another\'s', async () => {
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const cleo = await registerAndLogin(env.url, 'cleo');
    const dora = await registerAndLogin(env.url, 'dora');
    const body = (password: string) => ({ data: { type: 'users', id: cleo.userId, attributes: { newPassword: password } } });
    expect((await api(env.url, 'PATCH', `/api/users/${cleo.userId}`, body('von-dora'), dora.token)).status).toBe(403);
    expect((await api(env.url, 'PATCH', `/api/users/${cleo.userId}`, body('vom-admin'), admin)).status).toBe(200);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, cleo.token)).status).toBe(401);
    await login(env.url, 'cleo', 'vom-admin');
  });
});

describe('blocking a user (abl)', () => {
  it('given a player online, when the admin blocks them, then their sockets close, their token answers 401, login and sa are refused in German; unblocked, they log in again', async () => {
    const admin = await open(await login(env.url, 'admin', ADMIN_PASSWORD));
    const emil = await registerAndLogin(env.url, 'emil');
    const socket = await open(emil.token);
    const socketClosed = closed(socket);
    expect(await admin.request('abl', { userId: emil.userId, blocked: true })).toEqual({ success: true });
    expect(await socketClosed).toBe(4001);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, emil.token)).status).toBe(401);
    const refusedLogin = await api(env.url, 'POST', '/api/token-auth/', { username: 'emil', password: 'passwort123' });
    expect(refusedLogin).toMatchObject({ status: 403, body: { errors: [{ detail: BLOCKED_TEXT }] } });
    const fresh = await WsClient.connect(env.wsUrl);
    sockets.push(fresh);
    expect(await fresh.request('sa', { token: emil.token })).toEqual({ success: false, message: BLOCKED_TEXT });
    const users = await api(env.url, 'GET', '/api/users', undefined, await login(env.url, 'admin', ADMIN_PASSWORD));
    expect(users.body.data.find((u: { id: string }) => u.id === emil.userId).attributes.blocked).toBe(true);
    const [event] = (await env.server.storage.events.readAll()).filter((e) => e.type === 'UserBlocked');
    expect(event!.data).toEqual({ userId: emil.userId, blocked: true, blockedBy: expect.any(String) });

    expect(await admin.request('abl', { userId: emil.userId, blocked: false })).toEqual({ success: true });
    await open(await login(env.url, 'emil', 'passwort123'));
  });
});

describe('points (finding 6)', () => {
  it('given a quiz being rated, then a player gets 404 in German, a tester the running totals; once published, the player gets the ranking', async () => {
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(env.url, 'POST', '/api/quizzes', {
      name: 'Punkte', yearWeek: '2026-48', content: [{ type: 'normal', round: 1, number: 1, question: 'Hauptstadt?', answer: 'Paris' }],
    }, admin);
    const quizId = quiz.body.data.id as string;
    const moderator = await open((await seedUserWithRoles(env, 'moderation', ['moderator'])).token);
    const tester = await seedUserWithRoles(env, 'kontrolle', ['tester']);
    const fiona = await registerAndLogin(env.url, 'fiona');
    await api(env.url, 'POST', '/api/teams', { name: 'Füchse', newPassword: 'fuchs', stadt: 'Köln', beschreibung: '-' }, fiona.token);
    const player = await open(fiona.token);
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    expect(await player.request('gp', { message: 'Paris' })).toMatchObject({ success: true });
    expect(await moderator.request('mn', {})).toMatchObject({ success: true });

    const early = await api(env.url, 'GET', `/api/points/${quizId}`, undefined, fiona.token);
    expect(early).toMatchObject({ status: 404, body: { errors: [{ detail: POINTS_TEXTS.notPublished }] } });
    const running = await api(env.url, 'GET', `/api/points/${quizId}`, undefined, tester.token);
    expect(running.status).toBe(200);
    expect(running.body.sortedTeams.map((t: { name: string }) => t.name)).toEqual(['Füchse']);

    expect(await moderator.request('mp', { publish: true, content: { rounds: running.body.rounds, sortedTeams: running.body.sortedTeams } })).toMatchObject({ success: true });
    const published = await api(env.url, 'GET', `/api/points/${quizId}`, undefined, fiona.token);
    expect(published.status).toBe(200);
    expect(published.body.sortedTeams.map((t: { name: string }) => t.name)).toEqual(['Füchse']);
  });
});

describe('closing registration (allowNewAccounts, finding 7)', () => {
  it('given the admin closed registration in the show settings, then POST /api/users answers 403 in German and reserves nothing; reopened, it registers', async () => {
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const register = (name: string) => api(env.url, 'POST', '/api/users', { data: { type: 'users', attributes: { login: name, newPassword: 'passwort123' } } });
    expect((await api(env.url, 'PUT', '/api/show-settings', { allowNewAccounts: false }, admin)).status).toBe(200);
    const refused = await register('bot-1');
    expect(refused).toMatchObject({ status: 403, body: { errors: [{ detail: 'Neue Nutzeraccounts können gerade nicht angelegt werden. Bitte versuche es später noch einmal.' }] } });
    expect(await env.server.runtime.secrets.credentials.findByLogin('bot-1')).toBeNull();
    expect((await api(env.url, 'PUT', '/api/show-settings', { allowNewAccounts: true }, admin)).status).toBe(200);
    expect((await register('mensch-1')).status).toBe(201);
  });
});
