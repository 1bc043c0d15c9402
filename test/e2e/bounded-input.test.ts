/**
 * Nothing unbounded enters the log (PROTOCOL.md wave 4), against a real server: over-long fields are
 * refused at the HTTP edge and on the socket with the German text naming the field and its maximum,
 * never a 500; an over-long login counts as a failed login; `gu` with unchanged content appends
 * nothing; and a database error on the way to the credentials table logs no password, hash or login.
 */
import { AppLogger } from '../../src/observability/app-logger';
import { FAILED_LOGINS_PER_NAME } from '../../src/limits/logins-and-registrations';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer } from './support/test-server';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da636460f85f0f0002870180eb47ba920000000049454e44ae426082',
  'hex',
);

/** What a server writes to stdout and stderr while `run` runs. */
async function capturedOutput(run: () => Promise<void>): Promise<string> {
  const written: string[] = [];
  const original = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  const capture = (chunk: string | Uint8Array) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
  try {
    await run();
  } finally {
    process.stdout.write = original.out;
    process.stderr.write = original.err;
  }
  return written.join('');
}

describe('bounded input', () => {
  const suite = serverForSuite();
  const url = () => suite.env.url;

  it('a 5 KB team description is refused with 400 and the German text', async () => {
    const anna = await registerAndLogin(url(), 'anna');
    const { status, body } = await api(
      url(),
      'POST',
      '/api/teams',
      { name: 'Lang', newPassword: 'geheim1', stadt: 'Köln', beschreibung: 'x'.repeat(5_000) },
      anna.token,
    );
    expect(status).toBe(400);
    expect(body.errors[0].detail).toBe('Die Beschreibung des Teams darf höchstens 1.000 Zeichen lang sein.');
  });

  it('a 200 KB upload label is refused with 400 and the German text', async () => {
    const bert = await registerAndLogin(url(), 'bert');
    const form = new FormData();
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'pause.png');
    form.append('fileName', 'x'.repeat(200_000));
    const response = await fetch(`${url()}/api/uploads/user`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${bert.token}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Array<{ detail: string }> }).errors[0]!.detail).toBe(
      'Der Name des Uploads darf höchstens 200 Zeichen lang sein.',
    );
  });

  it('a 10 KB login name is refused with 400 on registration and on login, and counts as a failed login', async () => {
    const long = 'l'.repeat(10_000);
    const registered = await api(url(), 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: long, name: long, newPassword: 'passwort123' } },
    });
    expect(registered.status).toBe(400);
    expect(registered.body.errors[0].detail).toBe('Der Nutzername darf höchstens 100 Zeichen lang sein.');
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max; i++) {
      const attempt = await api(url(), 'POST', '/api/token-auth/', { username: long, password: 'egal' });
      expect(attempt).toMatchObject({
        status: 400,
        body: { errors: [{ detail: 'Der Nutzername darf höchstens 100 Zeichen lang sein.' }] },
      });
    }
    expect((await api(url(), 'POST', '/api/token-auth/', { username: long, password: 'egal' })).status).toBe(429);
  });

  it('a mua stroke with an over-long picture address is answered success: false with the German text; a frame over 64 KB never reaches the log', async () => {
    const moderator = await suite.open(await login(url(), 'admin', ADMIN_PASSWORD));
    const stroke = { color: '#112233', startX: 1, startY: 2, endX: 3, endY: 4 };
    expect(await moderator.request('mua', { ...stroke, url: `https://example.org/${'x'.repeat(60_000)}` })).toEqual({
      success: false,
      message: 'Die Bildadresse des Strichs darf höchstens 2.000 Zeichen lang sein.',
    });
    expect(await moderator.request('mua', { ...stroke, color: 'x'.repeat(60_000), url: '' })).toMatchObject({
      success: false,
      message: 'Die Farbe des Strichs muss als #rrggbb angegeben werden (z. B. #1a2b3c).',
    });
    const before = await suite.env.server.runtime.storage.events.lastPosition();
    const big = await suite.open(await login(url(), 'admin', ADMIN_PASSWORD));
    const closed = new Promise<number>((resolve) => big.socket.once('close', (code) => resolve(code)));
    big.socket.send(
      JSON.stringify({ type: 'mua', id: 1, content: { ...stroke, url: `https://example.org/${'x'.repeat(100_000)}` } }),
    );
    expect(await closed).toBe(1009); // ws: message too big
    expect(await suite.env.server.runtime.storage.events.lastPosition()).toBe(before);
  });

  it('gu with unchanged content appends nothing and answers success', async () => {
    const cleo = await registerAndLogin(url(), 'cleo');
    await api(
      url(),
      'POST',
      '/api/teams',
      { name: 'Unverändert', newPassword: 'geheim1', stadt: 'Köln', beschreibung: 'Wir' },
      cleo.token,
    );
    const socket = await suite.open(cleo.token);
    const events = suite.env.server.runtime.storage.events;
    const before = await events.lastPosition();
    expect(await socket.request('gu', { url: '', stadt: 'Köln', beschreibung: 'Wir' })).toMatchObject({
      success: true,
    });
    expect(await events.lastPosition()).toBe(before);
    expect(await socket.request('gu', { url: '', stadt: 'Bonn', beschreibung: 'Wir' })).toMatchObject({
      success: true,
    });
    expect(await events.lastPosition()).toBe(before + 1);
  });
});

describe('logs never carry a password, hash or login', () => {
  it("a database error on registration (its table gone) is logged without the query's parameters", async () => {
    const password = 'mein-geheimes-passwort';
    const loginName = 'lotte-geheim';
    const env = await startTestServer({ logger: undefined });
    try {
      const sql = env.server.runtime.storage.sql;
      await sql.exec('ALTER TABLE credentials RENAME TO credentials_away');
      let status = 0;
      const log = await capturedOutput(async () => {
        status = (
          await api(env.url, 'POST', '/api/users', {
            data: { type: 'users', attributes: { login: loginName, name: loginName, newPassword: password } },
          })
        ).status;
      });
      await sql.exec('ALTER TABLE credentials_away RENAME TO credentials');
      expect(status).toBe(500); // a database fault, not input: the edge refuses every input that could cause one
      expect(log).toContain('credentials'); // the error was logged …
      expect(log).not.toContain('$argon2'); // … without the hash it was inserting,
      expect(log).not.toContain(password);
      expect(log).not.toContain(loginName); // the login (personal data),
      expect(log).not.toMatch(/params|parameters/); // or any parameter list
    } finally {
      await env.destroy();
    }
  });

  it('the JSON log of a driver error keeps its message and code only', async () => {
    const db = await PgliteDatabase.open();
    try {
      await db.exec('CREATE TABLE geheim (login text UNIQUE, password_hash text)');
      await db.query('INSERT INTO geheim VALUES ($1, $2)', ['lotte', '$argon2id$v=19$m=19456,t=2,p=1$salz$hash']);
      const error = await db
        .query('INSERT INTO geheim VALUES ($1, $2)', ['lotte', '$argon2id$v=19$m=19456,t=2,p=1$salz$hash2'])
        .catch((e: unknown) => e as Error);
      expect(error).toBeInstanceOf(Error);
      const logger = new AppLogger('json', 'log');
      const log = await capturedOutput(async () => logger.error(error, 'ExceptionsHandler'));
      expect(log).toContain('duplicate key');
      expect(log).not.toContain('argon2');
      expect(log).not.toContain('lotte');
      const text = await capturedOutput(async () => new AppLogger('text', 'log').error(error, 'ExceptionsHandler'));
      expect(text).toContain('duplicate key');
      expect(text).not.toContain('argon2');
      expect(text).not.toContain('lotte');
    } finally {
      await db.close();
    }
  });
});
