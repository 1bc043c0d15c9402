import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStorage } from '../../src/store/storage';
import { loadConfig } from '../../src/config';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';
import { AppProcess, ensureBuiltServer, freePort } from './support/app-process';
import { ADMIN_PASSWORD, api, E2E_JWT_SECRET, login } from './support/test-server';
import { WsClient } from './support/ws-client';

const root = path.resolve(__dirname, '../..');
/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da636460f85f0f0002870180eb47ba920000000049454e44ae426082',
  'hex',
);
const ERASED = 'Gelöschtes Konto';

/** `npm run night -- …` as an operator runs it, on the server's data dir and database. */
function night(env: Record<string, string>, ...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'night', '--', ...args], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Every row of every table of the database, as text: what a SQL dump would hold. */
async function sqlDump(env: Record<string, string>): Promise<string> {
  const storage = await openStorage(loadConfig(env));
  try {
    const tables = await storage.sql.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    );
    const parts: string[] = [];
    for (const { schema, name } of tables) {
      const rows = await storage.sql.query(`SELECT * FROM "${schema}"."${name}"`);
      parts.push(`-- ${schema}.${name}\n${JSON.stringify(rows)}`);
    }
    return parts.join('\n');
  } finally {
    await storage.close();
  }
}

async function upload(base: string, token: string, label: string) {
  const form = new FormData();
  form.append('image0', new Blob([PNG], { type: 'image/png' }), 'foto.png');
  form.append('fileName', label);
  const response = await fetch(`${base}/api/uploads/user`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as { fileNames: string[] } };
}

describe('erasure of an account (DSGVO Art. 17)', () => {
  let database: TestDatabaseUrl;
  let dataDir: string;
  let env: Record<string, string>;
  let app: AppProcess;

  beforeAll(async () => {
    ensureBuiltServer();
    database = await testDatabaseUrl();
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-erasure-'));
    env = {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      JWT_SECRET: E2E_JWT_SECRET,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
  });
  afterAll(async () => {
    await app?.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given a person who played a night, when they erase their account, then nothing of them is left in the database, the exports or the log, and every replay still verifies', async () => {
    app = new AppProcess('erasure', await freePort(), env);
    await app.start();
    const unique = randomBytes(6).toString('hex');
    const person = {
      login: `zl${unique}`,
      email: `ze${unique}@beispiel.de`,
      name: `Zn ${unique}`,
      label: `zu${unique}`,
      password: 'geheim-passwort',
    };
    const strings = [unique];

    const registered = await api(app.url, 'POST', '/api/users', {
      login: person.login,
      email: person.email,
      newPassword: person.password,
    });
    expect(registered.status).toBe(201);
    const userId = registered.body.data.id as string;
    expect(
      await api(app.url, 'POST', '/api/token-auth/', { username: person.login, password: 'falsch-geraten' }),
    ).toMatchObject({ status: 403 });
    const token = await login(app.url, person.login, person.password);
    expect((await api(app.url, 'PATCH', `/api/users/${userId}`, { name: person.name }, token)).status).toBe(200);
    expect(
      (
        await api(
          app.url,
          'POST',
          '/api/teams',
          { name: 'Gedächtnis', newPassword: 'gedaechtnis', stadt: 'Köln', beschreibung: 'Wir vergessen nichts' },
          token,
        )
      ).status,
    ).toBe(201);
    const uploaded = await upload(app.url, token, person.label);
    expect(uploaded.status).toBe(201);

    const adminToken = await login(app.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      app.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Vergessen',
        yearWeek: '2026-48',
        content: [
          {
            type: 'normal',
            round: 1,
            number: 1,
            category: 'Recht',
            question: 'Welcher Artikel der DSGVO?',
            answer: '17',
          },
        ],
      },
      adminToken,
    );
    const moderator = await WsClient.open(app.wsUrl, adminToken);
    const player = await WsClient.open(app.wsUrl, token);
    expect(await player.request('ulc', { message: 'Hallo Lobby' })).toMatchObject({ success: true });
    expect(await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toMatchObject({
      success: true,
    });
    await player.until((v) => v.global?.state === 'qa');
    expect(await player.request('gp', { message: 'Artikel 17' })).toMatchObject({ success: true });
    expect(await moderator.request('mn')).toMatchObject({ success: true });
    const nightId = (await api(app.url, 'GET', '/api/nights', undefined, adminToken)).body.data[0].id as string;

    const exportBefore = await (
      await fetch(`${app.url}/api/nights/${nightId}/export`, { headers: { authorization: `Bearer ${adminToken}` } })
    ).text();
    expect(exportBefore).toContain(person.login); // until the erasure, the log's reader sees them

    // When: the person erases their own account (a wrong password first: refused, nothing changes).
    expect(await api(app.url, 'DELETE', '/api/users/me', { currentPassword: 'falsch' }, token)).toMatchObject({
      status: 403,
      body: { errors: [{ detail: 'Das aktuelle Passwort fehlt oder ist falsch.' }] },
    });
    expect((await api(app.url, 'DELETE', '/api/users/me', { currentPassword: person.password }, token)).status).toBe(
      204,
    );
    await new Promise((resolve) =>
      player.socket.readyState === player.socket.CLOSED ? resolve(null) : player.socket.once('close', resolve),
    );

    // Then: the login is unknown and free again; every view names the person as the placeholder.
    expect(
      await api(app.url, 'POST', '/api/token-auth/', { username: person.login, password: person.password }),
    ).toMatchObject({ status: 403 });
    expect((await api(app.url, 'GET', '/api/tokens/current', undefined, token)).status).toBe(401);
    const lobby = await moderator.until((v) =>
      v.global?.lobbyChat?.find((e: { message: string }) => e.message === 'Hallo Lobby'),
    );
    expect(lobby.user).toBe(ERASED);
    const users = await api(app.url, 'GET', '/api/users', undefined, adminToken);
    expect(JSON.stringify(users.body)).not.toContain(unique);
    expect(
      (
        await fetch(`${app.url}/api/uploads/${uploaded.body.fileNames[0]}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).status,
    ).toBe(404);
    const exported = await fetch(`${app.url}/api/nights/${nightId}/export`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const exportText = await exported.text();
    expect(exported.status).toBe(200);
    expect(exportText).toContain('Artikel 17'); // what they did stays in the team's history, unnamed
    const again = await api(app.url, 'POST', '/api/users', { login: person.login, newPassword: 'ein-neues-passwort' });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(userId);
    expect(
      (
        await api(
          app.url,
          'DELETE',
          `/api/users/${again.body.data.id}`,
          { currentPassword: ADMIN_PASSWORD },
          adminToken,
        )
      ).status,
    ).toBe(204);
    await moderator.close();
    await app.stop();
    const log = app.output;

    const dump = await sqlDump(env);
    const verified = await night(env, 'replay', nightId, '--verify');
    expect(verified.output).toContain('Keine Abweichungen');
    expect(verified.code).toBe(0);
    for (const text of strings) {
      expect(dump).not.toContain(text);
      expect(exportText).not.toContain(text);
      expect(log).not.toContain(text);
      expect(verified.output).not.toContain(text);
    }
    expect(dump).toContain(userId); // the events stay, under the id
  }, 180_000);
});
