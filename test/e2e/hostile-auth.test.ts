/**
 * Issue 25 ("A hostile crowd"), the account half, against a real server over HTTP and WebSocket:
 * security headers, the failed-login limit per (name, address), revocable tokens, blocking (abl)
 * and the points a player may read. The server trusts X-Forwarded-For (TRUST_PROXY) so that one test
 * can speak from several addresses.
 */
import { request as httpRequest } from 'node:http';
import { mkdir, readdir, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { BLOCKED_TEXT } from '../../src/auth/token-holder';
import { FAILED_LOGINS_PER_NAME } from '../../src/limits/logins-and-registrations';
import { UPLOAD_LIMIT_TEXTS, UPLOAD_QUOTA_BYTES, UPLOADS_PER_USER } from '../../src/limits/uploads';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerAndLogin,
  seedUserWithRoles,
  startTestServer,
  type TestServer,
} from './support/test-server';
import { serverForSuite } from './support/suite';
import { WsClient } from './support/ws-client';
import { POSTGRES_URL, testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';
import { SOCKET_CLOSE_CODES } from '../../wire';
import { POINTS_TEXTS } from '../../src/edge-texts';

/** Sockets the suite server does not open for the tests (refused ones, one on another server): closed first after the file. */
const sockets: WsClient[] = [];
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
});
const suite = serverForSuite({}, undefined, { TRUST_PROXY: 'loopback' });
const open = (token: string) => suite.open(token);

function closed(client: WsClient): Promise<number> {
  return new Promise((resolve) => {
    if (client.socket.readyState === WebSocket.CLOSED) return resolve(-1);
    client.socket.once('close', (code) => resolve(code));
  });
}

async function loginFrom(address: string, username: string, password: string) {
  const response = await fetch(`${suite.env.url}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('security headers (finding 1)', () => {
  it("every response carries a CSP without inline script, allowing the stream embed, plus helmet's headers, and no X-Powered-By", async () => {
    for (const path of ['/api/health', '/api/show-settings', '/api/docs', '/irgendeine/seite']) {
      const response = await fetch(`${suite.env.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
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
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max; i++)
      expect((await loginFrom('203.0.113.66', 'admin', `geraten${i}`)).status).toBe(403);
    const locked = await loginFrom('203.0.113.66', 'admin', ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].detail).toMatch(/^Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen\./);
    expect((await loginFrom('198.51.100.7', 'admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});

describe('revocable tokens (finding 5)', () => {
  it('given a password change, then it needs the current password, and afterwards every older token answers 401 and its sockets are closed', async () => {
    const anna = await registerAndLogin(suite.env.url, 'anna', 'altes-passwort');
    const second = await login(suite.env.url, 'anna', 'altes-passwort');
    const socket = await open(second);
    const patch = (attributes: Record<string, string>) =>
      api(
        suite.env.url,
        'PATCH',
        `/api/users/${anna.userId}`,
        { data: { type: 'users', id: anna.userId, attributes } },
        anna.token,
      );

    const withoutCurrent = await patch({ newPassword: 'neues-passwort' });
    expect(withoutCurrent.status).toBe(403);
    expect(withoutCurrent.body.errors[0].detail).toBe('Das aktuelle Passwort fehlt oder ist falsch.');
    expect((await patch({ newPassword: 'neues-passwort', currentPassword: 'falsch' })).status).toBe(403);
    expect(
      (await api(suite.env.url, 'POST', '/api/token-auth/', { username: 'anna', password: 'altes-passwort' })).status,
    ).toBe(200);

    const socketClosed = closed(socket);
    const began = performance.now();
    const changed = await patch({ newPassword: 'neues-passwort', currentPassword: 'altes-passwort' });
    expect(changed.status).toBe(200);
    expect(await socketClosed).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    console.log(
      `password change: the older token's socket closed ${(performance.now() - began).toFixed(0)} ms after the PATCH was sent`,
    );
    for (const old of [anna.token, second])
      expect((await api(suite.env.url, 'GET', '/api/tokens/current', undefined, old)).status).toBe(401);
    expect((await api(suite.env.url, 'GET', '/api/tokens/current', undefined, changed.body.meta.token)).status).toBe(
      200,
    );
    const refused = await WsClient.connect(suite.env.wsUrl);
    sockets.push(refused);
    expect(await refused.request('sa', { token: second })).toMatchObject({ success: false });
  });

  it('given a user on three sockets, when they log out everywhere, then all three close and the token answers 401; a new login works', async () => {
    const bert = await registerAndLogin(suite.env.url, 'bert');
    const three = await Promise.all([0, 1, 2].map(() => open(bert.token)));
    const allClosed = Promise.all(three.map(closed));
    const began = performance.now();
    expect(await api(suite.env.url, 'POST', '/api/token-logout-all', undefined, bert.token)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await allClosed).toEqual([
      SOCKET_CLOSE_CODES.tokenRevoked,
      SOCKET_CLOSE_CODES.tokenRevoked,
      SOCKET_CLOSE_CODES.tokenRevoked,
    ]);
    console.log(
      `token-logout-all: 3 of 3 sockets closed within ${(performance.now() - began).toFixed(0)} ms; 0 left open`,
    );
    expect((await api(suite.env.url, 'GET', '/api/tokens/current', undefined, bert.token)).status).toBe(401);
    expect((await api(suite.env.url, 'POST', '/api/token-logout-all', undefined, bert.token)).status).toBe(401);
    await open(await login(suite.env.url, 'bert', 'passwort123'));
  });

  it("given an admin setting another user's password, then no current password is needed; a player cannot set another's", async () => {
    const admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const cleo = await registerAndLogin(suite.env.url, 'cleo');
    const dora = await registerAndLogin(suite.env.url, 'dora');
    const body = (password: string) => ({
      data: { type: 'users', id: cleo.userId, attributes: { newPassword: password } },
    });
    expect((await api(suite.env.url, 'PATCH', `/api/users/${cleo.userId}`, body('von-dora'), dora.token)).status).toBe(
      403,
    );
    expect((await api(suite.env.url, 'PATCH', `/api/users/${cleo.userId}`, body('vom-admin'), admin)).status).toBe(200);
    expect((await api(suite.env.url, 'GET', '/api/tokens/current', undefined, cleo.token)).status).toBe(401);
    await login(suite.env.url, 'cleo', 'vom-admin');
  });
});

describe('blocking a user (abl)', () => {
  it('given a player online, when the admin blocks them, then their sockets close, their token answers 401, login and sa are refused in German; unblocked, they log in again', async () => {
    const admin = await open(await login(suite.env.url, 'admin', ADMIN_PASSWORD));
    const emil = await registerAndLogin(suite.env.url, 'emil');
    const socket = await open(emil.token);
    const socketClosed = closed(socket);
    expect(await admin.request('abl', { userId: emil.userId, blocked: true })).toEqual({ success: true });
    expect(await socketClosed).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    expect((await api(suite.env.url, 'GET', '/api/tokens/current', undefined, emil.token)).status).toBe(401);
    const refusedLogin = await api(suite.env.url, 'POST', '/api/token-auth/', {
      username: 'emil',
      password: 'passwort123',
    });
    expect(refusedLogin).toMatchObject({ status: 403, body: { errors: [{ detail: BLOCKED_TEXT }] } });
    const fresh = await WsClient.connect(suite.env.wsUrl);
    sockets.push(fresh);
    expect(await fresh.request('sa', { token: emil.token })).toEqual({ success: false, message: BLOCKED_TEXT });
    const users = await api(
      suite.env.url,
      'GET',
      '/api/users',
      undefined,
      await login(suite.env.url, 'admin', ADMIN_PASSWORD),
    );
    expect(users.body.data.find((u: { id: string }) => u.id === emil.userId).attributes.blocked).toBe(true);
    const [event] = (await suite.env.server.storage.events.readAll()).filter((e) => e.type === 'UserBlocked');
    expect(event!.data).toEqual({ userId: emil.userId, blocked: true, blockedBy: expect.any(String) });

    expect(await admin.request('abl', { userId: emil.userId, blocked: false })).toEqual({ success: true });
    await open(await login(suite.env.url, 'emil', 'passwort123'));
  });
});

describe('points (finding 6)', () => {
  it('given a quiz being rated, then a player gets 404 in German, a tester the running totals; once published, the player gets the ranking', async () => {
    const admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      suite.env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Punkte',
        yearWeek: '2026-48',
        content: [{ type: 'normal', round: 1, number: 1, question: 'Hauptstadt?', answer: 'Paris' }],
      },
      admin,
    );
    const quizId = quiz.body.data.id as string;
    const moderator = await open((await seedUserWithRoles(suite.env, 'moderation', ['moderator'])).token);
    const tester = await seedUserWithRoles(suite.env, 'kontrolle', ['tester']);
    const fiona = await registerAndLogin(suite.env.url, 'fiona');
    await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Füchse', newPassword: 'fuchs-team', stadt: 'Köln', beschreibung: '-' },
      fiona.token,
    );
    const player = await open(fiona.token);
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    expect(await player.request('gp', { message: 'Paris' })).toMatchObject({ success: true });
    expect(await moderator.request('mn', {})).toMatchObject({ success: true });

    const early = await api(suite.env.url, 'GET', `/api/points/${quizId}`, undefined, fiona.token);
    expect(early).toMatchObject({ status: 404, body: { errors: [{ detail: POINTS_TEXTS.notPublished }] } });
    const running = await api(suite.env.url, 'GET', `/api/points/${quizId}`, undefined, tester.token);
    expect(running.status).toBe(200);
    expect(running.body.sortedTeams.map((t: { name: string }) => t.name)).toEqual(['Füchse']);

    expect(
      await moderator.request('mp', {
        publish: true,
        content: { rounds: running.body.rounds, sortedTeams: running.body.sortedTeams },
      }),
    ).toMatchObject({ success: true });
    const published = await api(suite.env.url, 'GET', `/api/points/${quizId}`, undefined, fiona.token);
    expect(published.status).toBe(200);
    expect(published.body.sortedTeams.map((t: { name: string }) => t.name)).toEqual(['Füchse']);
  });
});

describe('closing registration (allowNewAccounts, finding 7)', () => {
  it('given the admin closed registration in the show settings, then POST /api/users answers 403 in German and reserves nothing; reopened, it registers', async () => {
    const admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const register = (name: string) =>
      api(suite.env.url, 'POST', '/api/users', {
        data: { type: 'users', attributes: { login: name, newPassword: 'passwort123' } },
      });
    expect((await api(suite.env.url, 'PUT', '/api/show-settings', { allowNewAccounts: false }, admin)).status).toBe(
      200,
    );
    const refused = await register('bot-1');
    expect(refused).toMatchObject({
      status: 403,
      body: {
        errors: [
          { detail: 'Neue Nutzeraccounts können gerade nicht angelegt werden. Bitte versuche es später noch einmal.' },
        ],
      },
    });
    expect(await suite.env.server.runtime.secrets.credentials.findByLogin('bot-1')).toBeNull();
    expect((await api(suite.env.url, 'PUT', '/api/show-settings', { allowNewAccounts: true }, admin)).status).toBe(200);
    expect((await register('mensch-1')).status).toBe(201);
  });
});

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da636460f85f0f0002870180eb47ba920000000049454e44ae426082',
  'hex',
);

async function uploadPng(token: string, kind = 'team') {
  const form = new FormData();
  form.append('image0', new Blob([PNG], { type: 'image/png' }), 'a.png');
  const response = await fetch(`${suite.env.url}/api/uploads/${kind}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('uploads (finding 8)', () => {
  it('given a large upload still arriving, then its bytes are already on disk (streamed, not held in memory); afterwards nothing is left in the incoming folder', async () => {
    const greta = await registerAndLogin(suite.env.url, 'greta');
    await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Blende', newPassword: 'blende', stadt: 'Essen', beschreibung: '-' },
      greta.token,
    );
    const incoming = path.join(suite.env.dataDir, 'uploads', '.incoming');
    const boundary = 'grenze1234';
    const files = 10;
    const fileBytes = 9_000_000;
    const chunk = Buffer.alloc(1_000_000, 7);
    const heads = Array.from({ length: files }, (_, i) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image${i}"; filename="b${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
    );
    const tail = Buffer.from(`--${boundary}--\r\n`);
    const length = heads.reduce((sum, h) => sum + h.length + fileBytes + 2, 0) + tail.length;
    const heapBefore = process.memoryUsage();
    let peakArrayBuffers = heapBefore.arrayBuffers;
    const sampler = setInterval(
      () => (peakArrayBuffers = Math.max(peakArrayBuffers, process.memoryUsage().arrayBuffers)),
      5,
    );
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${suite.env.url}/api/uploads/team`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${greta.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': length,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      (async () => {
        for (let i = 0; i < files; i++) {
          req.write(heads[i]);
          req.write(PNG);
          for (let sent = PNG.length; sent < fileBytes; sent += chunk.length) {
            const part = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
            if (!req.write(part)) await new Promise((r) => req.once('drain', r));
          }
          req.write('\r\n');
          if (i === 0) {
            // The first file is complete on the wire, the request is not: its bytes must already be in a file.
            let onDisk = 0;
            while (onDisk === 0) {
              const names = await readdir(incoming).catch(() => [] as string[]);
              for (const name of names)
                onDisk += (await stat(path.join(incoming, name)).catch(() => ({ size: 0 }))).size;
              if (onDisk === 0) await new Promise((r) => setTimeout(r, 20));
            }
            expect(onDisk).toBeGreaterThan(0);
          }
        }
        req.end(tail);
      })().catch(reject);
    });
    const { status, body } = await answer;
    clearInterval(sampler);
    console.log(
      `upload of ${files} x ${fileBytes / 1e6} MB streamed to disk: Buffer memory peaked ${((peakArrayBuffers - heapBefore.arrayBuffers) / 1e6).toFixed(1)} MB above the start (client and server in one process; held in memory, the files alone are ${(files * fileBytes) / 1e6} MB)`,
    );
    expect(status).toBe(201);
    expect(JSON.parse(body).fileNames).toHaveLength(files);
    expect(await readdir(incoming)).toEqual([]);
  });

  it('given a user uploading 30 times in 10 minutes, then the next upload answers 429 in German and writes nothing', async () => {
    const hanna = await registerAndLogin(suite.env.url, 'hanna');
    await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Fotofreunde', newPassword: 'foto-team', stadt: 'Köln', beschreibung: '-' },
      hanna.token,
    );
    for (let i = 0; i < UPLOADS_PER_USER.max; i++) expect((await uploadPng(hanna.token)).status).toBe(201);
    const before = await suite.env.server.storage.events.lastPosition();
    const refused = await uploadPng(hanna.token);
    expect(refused).toMatchObject({ status: 429, body: { errors: [{ detail: UPLOAD_LIMIT_TEXTS.tooMany(10) }] } });
    expect(await suite.env.server.storage.events.lastPosition()).toBe(before);
  });

  it('given a team whose pictures fill its quota, then its next upload answers 413 in German; another team uploads', async () => {
    const ida = await registerAndLogin(suite.env.url, 'ida');
    const team = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Volle Platte', newPassword: 'voll-team', stadt: 'Köln', beschreibung: '-' },
      ida.token,
    );
    const teamDir = path.join(suite.env.dataDir, 'uploads', 'team', team.body.data.id as string);
    await mkdir(teamDir, { recursive: true });
    const filler = path.join(teamDir, '00000000-0000-0000-0000-000000000000.png');
    await writeFile(filler, '');
    await truncate(filler, UPLOAD_QUOTA_BYTES); // sparse: the quota counts sizes, not blocks
    expect(await suite.env.server.runtime.limits.uploads.recount(suite.env.server.runtime.uploadsDir)).toBe(true); // as at a start
    expect(await uploadPng(ida.token)).toMatchObject({
      status: 413,
      body: { errors: [{ detail: UPLOAD_LIMIT_TEXTS.quota }] },
    });
    const jan = await registerAndLogin(suite.env.url, 'jan');
    await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Leere Platte', newPassword: 'leer-team', stadt: 'Köln', beschreibung: '-' },
      jan.token,
    );
    expect((await uploadPng(jan.token)).status).toBe(201);
  });
});

/** Two instances on one Postgres (runs when DATABASE_URL is set): the counters and the revocations are shared. */
(POSTGRES_URL ? describe : describe.skip)('two instances on one Postgres', () => {
  let database: TestDatabaseUrl;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    database = await testDatabaseUrl();
    a = await startTestServer({}, undefined, { TRUST_PROXY: 'loopback' }, database);
    b = await startTestServer({}, undefined, { TRUST_PROXY: 'loopback' }, database);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it("given failures counted through A, then B refuses that (name, address); a logout everywhere through A closes the user's socket on B", async () => {
    const failAt = (server: TestServer) =>
      fetch(`${server.url}/api/token-auth/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ username: 'admin', password: 'falsch' }),
      }).then((r) => r.status);
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max / 2; i++) expect(await failAt(a)).toBe(403);
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max / 2; i++) expect(await failAt(b)).toBe(403);
    expect(await failAt(a)).toBe(429);
    expect(await failAt(b)).toBe(429);

    const anna = await registerAndLogin(a.url, 'anna');
    const onB = await WsClient.open(b.wsUrl, anna.token);
    sockets.push(onB);
    const closedOnB = closed(onB);
    const began = performance.now();
    expect((await api(a.url, 'POST', '/api/token-logout-all', undefined, anna.token)).status).toBe(200);
    expect(await closedOnB).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    console.log(
      `token-logout-all through instance A: the socket on instance B closed after ${(performance.now() - began).toFixed(0)} ms`,
    );
    expect((await api(b.url, 'GET', '/api/tokens/current', undefined, anna.token)).status).toBe(401);
  });
});
