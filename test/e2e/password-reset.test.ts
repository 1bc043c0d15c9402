import { freePort } from './support/app-process';
import { ADMIN_PASSWORD, api, login, startTestServer, type TestServer } from './support/test-server';
import { TestMailServer } from '../support/mail-server';
import { PASSWORD_RESET_TEXTS } from '../../src/commands/password-reset';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { loadConfig } from '../../src/config';
import {
  PASSWORD_RESET_LIMIT_TEXTS,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_NAME,
} from '../../src/limits/password-resets';

/** Every row of every table of the write side's database as text (the token must be in none of them). */
async function everyRow(sql: SqlDatabase): Promise<string> {
  const tables = await sql.query<{ schema: string; name: string }>(
    "SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'",
  );
  const texts: string[] = [];
  for (const { schema, name } of tables) {
    const rows = await sql.query<{ row: string }>(`SELECT t::text AS row FROM "${schema}"."${name}" t`);
    texts.push(...rows.map((r) => r.row));
  }
  expect(tables.length).toBeGreaterThan(10);
  return texts.join('\n');
}

const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);

describe('password reset by e-mail through a real SMTP server', () => {
  let mail: TestMailServer;
  let env: TestServer;
  let publicUrl: string;
  const output: string[] = [];
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

  beforeAll(async () => {
    mail = await TestMailServer.start();
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    // The server's own output (its logger and the request log) is captured whole, to be searched for the token.
    const capture = (chunk: unknown) => {
      output.push(String(chunk));
      return true;
    };
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;
    env = await startTestServer({ logger: undefined }, undefined, {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SMTP_URL: mail.url,
      MAIL_FROM: 'Quiz-Crew <quiz@example.de>',
      LOG_LEVEL: 'verbose',
    });
  });
  afterAll(async () => {
    await env?.destroy();
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    await mail.close();
  });

  it('given a player with an e-mail, one German mail sets a new password once; old password, older tokens and links end; nobody learns which names exist; the token is nowhere', async () => {
    const registered = await api(env.url, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'Lena', newPassword: 'altes-passwort', email: 'lena@example.de' } },
    });
    expect(registered.status).toBe(201);
    const lenaId = registered.body.data.id as string;
    const oldToken = await login(env.url, 'lena', 'altes-passwort');
    const ohne = await api(env.url, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'ohne-mail', newPassword: 'passwort' } },
    });

    // Unknown names, an account without e-mail and a real one: the same answer.
    const unknown = await api(env.url, 'POST', '/api/password-reset', { login: 'niemand' });
    const unknownEmail = await api(env.url, 'POST', '/api/password-reset', { email: 'niemand@example.de' });
    const withoutMail = await api(env.url, 'POST', '/api/password-reset', { login: 'ohne-mail' });
    const known = await api(env.url, 'POST', '/api/password-reset', { login: 'LENA' });
    for (const answer of [unknown, unknownEmail, withoutMail, known])
      expect(answer).toEqual({ status: 202, body: { mail: true } });
    await env.server.runtime.passwordResets.settled();
    expect(mail.mails).toHaveLength(1);

    const [first] = mail.mails;
    expect(first).toMatchObject({
      to: ['lena@example.de'],
      from: 'quiz@example.de',
      subject: 'Dein neues Passwort für das Quiz',
    });
    expect(first!.text).toContain('Hallo Lena,');
    expect(first!.text).toContain('60 Minuten');
    const firstLink = /http\S+/.exec(first!.text)![0];
    expect(firstLink).toMatch(new RegExp(`^${publicUrl}/passwort-neu#[\\w-]{20,}$`));
    expect(first!.html).toContain(firstLink);

    // Asked for again (by e-mail address this time): a newer link ends the first.
    expect(await api(env.url, 'POST', '/api/password-reset', { email: 'Lena@Example.de' })).toEqual({
      status: 202,
      body: { mail: true },
    });
    const [, second] = await mail.until(2);
    const secondLink = /http\S+/.exec(second!.text)![0];
    expect(secondLink).not.toBe(firstLink);
    const ended = await api(env.url, 'POST', '/api/password-reset/confirm', {
      token: tokenOf(firstLink),
      newPassword: 'neues-passwort',
    });
    expect(ended).toMatchObject({ status: 400, body: { errors: [{ detail: PASSWORD_RESET_TEXTS.linkEnded }] } });

    const confirmed = await fetch(`${env.url}/api/password-reset/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: tokenOf(secondLink), newPassword: 'neues-passwort' }),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('cache-control')).toBe('no-store');
    const { token: newToken } = (await confirmed.json()) as { token: string };
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, newToken)).body.data).toMatchObject({
      id: lenaId,
    });

    // The link works once; the old password and the token from before end; the new password works.
    expect(
      await api(env.url, 'POST', '/api/password-reset/confirm', {
        token: tokenOf(secondLink),
        newPassword: 'noch-ein-passwort',
      }),
    ).toMatchObject({
      status: 400,
      body: { errors: [{ detail: PASSWORD_RESET_TEXTS.linkEnded }] },
    });
    expect(
      (await api(env.url, 'POST', '/api/token-auth/', { username: 'lena', password: 'altes-passwort' })).status,
    ).toBe(403);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, oldToken)).status).toBe(401);
    await login(env.url, 'lena', 'neues-passwort');

    // An admin makes a link for the player without e-mail; the event says who made it for whom.
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const adminLink = await api(env.url, 'POST', `/api/users/${ohne.body.data.id}/reset-link`, undefined, admin);
    expect(adminLink).toMatchObject({
      status: 200,
      body: { url: expect.stringMatching(new RegExp(`^${publicUrl}/passwort-neu#`)) },
    });
    expect((await api(env.url, 'POST', `/api/users/${ohne.body.data.id}/reset-link`, undefined, oldToken)).status).toBe(
      401,
    );
    const events = await env.server.storage.events.readAll();
    const made = events.filter((e) => e.type === 'PasswordResetLinkCreated').map((e) => e.data);
    expect(made).toEqual([
      { linkId: expect.any(String), userId: lenaId, by: null },
      { linkId: expect.any(String), userId: lenaId, by: null },
      { linkId: expect.any(String), userId: ohne.body.data.id, by: expect.any(String) },
    ]);
    expect(
      (
        await api(env.url, 'POST', '/api/password-reset/confirm', {
          token: tokenOf(adminLink.body.url),
          newPassword: 'mein-passwort',
        })
      ).status,
    ).toBe(200);
    await login(env.url, 'ohne-mail', 'mein-passwort');

    // Nothing more was mailed, and no token is in a log line, an event or a table.
    await env.server.runtime.passwordResets.settled();
    expect(mail.mails).toHaveLength(2);
    const tokens = [firstLink, secondLink, adminLink.body.url as string].map(tokenOf);
    const log = output.join('');
    expect(log).toContain('/api/password-reset/confirm'); // the request log was captured
    const stored = JSON.stringify(events);
    const rows = await everyRow(env.server.storage.sql);
    expect(rows).not.toContain('niemand@example.de'); // an address typed is counted by its hash, kept nowhere
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(stored).not.toContain(token);
      expect(rows).not.toContain(token);
    }
  });

  it('refuses a made-up token, and a request without name or e-mail, in German', async () => {
    expect(
      await api(env.url, 'POST', '/api/password-reset/confirm', { token: 'ausgedacht', newPassword: 'x' }),
    ).toMatchObject({
      status: 400,
      body: { errors: [{ detail: PASSWORD_RESET_TEXTS.linkEnded }] },
    });
    expect(await api(env.url, 'POST', '/api/password-reset', {})).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Bitte gib deinen Nutzernamen oder deine E-Mail-Adresse an.' }] },
    });
  });
});

describe('password reset without SMTP_URL', () => {
  let env: TestServer;
  beforeAll(async () => {
    env = await startTestServer();
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('answers the same 202 and says that no e-mail goes out (the crew helps); the admin link takes the request origin', async () => {
    expect(await api(env.url, 'GET', '/api/password-reset')).toEqual({ status: 200, body: { mail: false } });
    expect(await api(env.url, 'POST', '/api/password-reset', { login: 'admin' })).toEqual({
      status: 202,
      body: { mail: false },
    });
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const anna = await api(env.url, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'anna', newPassword: 'passwort' } },
    });
    const link = await api(env.url, 'POST', `/api/users/${anna.body.data.id}/reset-link`, undefined, admin);
    expect(link.body.url).toMatch(
      new RegExp(`^${env.url.replace('localhost', '(localhost|127\\.0\\.0\\.1)')}/passwort-neu#`),
    );
  });

  it('limits requests per name typed (whether it exists or not) and per address, in German', async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_NAME.max; i++)
      expect((await api(env.url, 'POST', '/api/password-reset', { login: 'Gibt-Es-Nicht' })).status).toBe(202);
    expect(await api(env.url, 'POST', '/api/password-reset', { login: 'gibt-es-nicht' })).toMatchObject({
      status: 429,
      body: { errors: [{ detail: PASSWORD_RESET_LIMIT_TEXTS.name(60) }] },
    });
    // The address has asked 1 + 6 times (the test above once); other names until its limit.
    for (let i = 7; i < RESET_REQUESTS_PER_ADDRESS.max; i++)
      expect((await api(env.url, 'POST', '/api/password-reset', { email: `name${i}@example.de` })).status).toBe(202);
    expect(await api(env.url, 'POST', '/api/password-reset', { email: 'noch-eine@example.de' })).toMatchObject({
      status: 429,
      body: { errors: [{ detail: PASSWORD_RESET_LIMIT_TEXTS.address(60) }] },
    });
  });

  it('refuses SMTP_URL without MAIL_FROM or PUBLIC_URL at the start, and a bad SMTP_URL without showing its password', () => {
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://quiz:geheim@mail.example.de:587', PUBLIC_URL: 'https://quiz.example.de' }),
    ).toThrow('SMTP_URL: braucht MAIL_FROM');
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://quiz:geheim@mail.example.de:587', MAIL_FROM: 'quiz@example.de' }),
    ).toThrow('SMTP_URL: braucht PUBLIC_URL');
    expect(() => loadConfig({ SMTP_URL: 'http://quiz:geheim@mail.example.de' })).toThrow(/SMTP_URL: erwartet/);
    expect(() => loadConfig({ SMTP_URL: 'http://quiz:geheim@mail.example.de' })).not.toThrow(/geheim/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://quiz.example.de/pfad' })).toThrow(/PUBLIC_URL/);
    expect(
      loadConfig({
        PUBLIC_URL: 'https://quiz.example.de/',
        SMTP_URL: 'smtps://a:b@mail.example.de',
        MAIL_FROM: 'Quiz <quiz@example.de>',
      }),
    ).toMatchObject({
      publicUrl: 'https://quiz.example.de',
      smtpUrl: 'smtps://a:b@mail.example.de',
      mailFrom: 'Quiz <quiz@example.de>',
    });
  });
});
