/**
 * Issue 31 ("A hostile crowd, second round") against one real server over HTTP and WebSocket: the
 * disk, the login limiter, role changes, the team guard, known devices and connections. The uploads
 * folder is a tmpfs of its own (root only: CI and the development machines run as root), so that the
 * disk's floor is exact: nothing but uploads writes there. The server trusts X-Forwarded-For from
 * loopback only (TRUST_PROXY=loopback), so that one test can speak from several addresses.
 */
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeBytes } from '../../src/uploads/disk-floor';
import { TEAMLESS_UPLOAD_QUOTA_BYTES, UPLOAD_LIMIT_TEXTS } from '../../src/limits/uploads';
import { FAILED_LOGINS_PER_NAME, LOGIN_LIMIT_TEXTS } from '../../src/limits/logins-and-registrations';
import { ADMIN_PASSWORD, api, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { pngOfSize } from '../support/images';

const MB = 1024 * 1024;
/** The uploads folder's own disk, and the floor of free space the server must leave on it. */
const UPLOADS_DISK_BYTES = 100 * MB;
const FLOOR_BYTES = 40 * MB;

const root = process.getuid?.() === 0;
let env: TestServer;
let uploadsDir: string;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-crowd-'));
  uploadsDir = path.join(dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  if (root) execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${UPLOADS_DISK_BYTES}`, 'tmpfs', uploadsDir]);
  env = await startTestServer({}, dataDir, { TRUST_PROXY: 'loopback', UPLOADS_MIN_FREE_BYTES: String(FLOOR_BYTES) });
});

afterAll(async () => {
  await env?.stop();
  if (root) execFileSync('umount', [uploadsDir]);
  await env?.destroy();
});

/** A multipart upload of one file sent chunked (no Content-Length), 64 KB at a time; the answer even when the server refuses mid-body. */
function chunkedUpload(
  token: string,
  image: Buffer,
  kind = 'user',
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: Record<string, any> }> {
  const boundary = 'grenze-zweite-runde';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const fields =
    kind === 'user' ? `\r\n--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\n1920x1080` : '';
  const tail = Buffer.from(`${fields}\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      `${env.url}/api/uploads/${kind}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
        // A connection of its own: a kept-alive one from an earlier test may be the one the server is just
        // closing as idle (5 s), and an upload sent on it is reset before any answer.
        agent: false,
      },
      (res) => {
        answered = true;
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error); // a refusal may cut the body off: the answer came first
    });
    void (async () => {
      req.write(head);
      for (let at = 0; at < image.length && !answered; at += 64 * 1024) {
        if (!req.write(image.subarray(at, at + 64 * 1024))) await new Promise((r) => req.once('drain', r));
      }
      req.end(tail);
    })().catch(() => undefined);
  });
}

/** Bytes of the files in the uploads folder, per owner folder. */
async function storedPerOwner(): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const kind of ['team', 'question', 'user']) {
    for (const owner of await readdir(path.join(uploadsDir, kind)).catch(() => [] as string[])) {
      for (const name of await readdir(path.join(uploadsDir, kind, owner))) {
        sizes.set(owner, (sizes.get(owner) ?? 0) + (await stat(path.join(uploadsDir, kind, owner, name))).size);
      }
    }
  }
  return sizes;
}

(root ? describe : describe.skip)('uploads and the disk (findings 1 and 8)', () => {
  it('given a phone photo with EXIF orientation 6, GPS, a second image and a motion-photo trailer, then it is stored upright with none of them', async () => {
    const { token } = await registerAndLogin(env.url, 'fotografin');
    const reply = await chunkedUpload(token, readFileSync(path.join(__dirname, '../fixtures/images/phone-photo.jpg')));
    expect(reply.status).toBe(201);
    const stored = await fetch(`${env.url}/api/uploads/${reply.body.fileNames[0]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
    for (const trace of ['Exif', 'MPF', 'ftyp', '52.5200', 'MotionPhoto']) expect(bytes.includes(trace)).toBe(false);
    expect(bytes.indexOf(Buffer.from([0xff, 0xd9]))).toBe(bytes.length - 2); // nothing after the one image's end
  });

  it('given a PNG with text chunks and data after IEND, then it is stored with neither', async () => {
    const { token } = await registerAndLogin(env.url, 'zeichnerin');
    const reply = await chunkedUpload(token, readFileSync(path.join(__dirname, '../fixtures/images/text-chunks.png')));
    expect(reply.status).toBe(201);
    const stored = await fetch(`${env.url}/api/uploads/${reply.body.fileNames[0]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 40, height: 20 });
    for (const trace of ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'GEHEIM']) expect(bytes.includes(trace)).toBe(false);
    expect(bytes.indexOf('IEND')).toBe(bytes.length - 8);
  });

  it('given a fresh account (no team) sending 8 chunked uploads of 4 MB at once, then it keeps at most its 12 MB; the rest is refused in German', async () => {
    const { token, userId } = await registerAndLogin(env.url, 'sammlerin');
    const replies = await Promise.all(Array.from({ length: 8 }, () => chunkedUpload(token, pngOfSize(4 * MB))));
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(r).toMatchObject({ status: 413, body: { errors: [{ detail: UPLOAD_LIMIT_TEXTS.teamlessQuota }] } });
    expect((await storedPerOwner()).get(userId) ?? 0).toBeLessThanOrEqual(TEAMLESS_UPLOAD_QUOTA_BYTES);
    expect(await env.server.runtime.limits.uploads.usage(userId)).toBe((await storedPerOwner()).get(userId) ?? 0); // all eight may be refused: each reserves as its bytes arrive
  });

  it('given 40 concurrent chunked uploads from 20 fresh accounts, then the disk never passes its floor, some are refused in German, and the server keeps serving', async () => {
    const accounts = [];
    for (let i = 0; i < 20; i++) accounts.push(await registerAndLogin(env.url, `flut-${i}`));
    let lowest = await freeBytes(uploadsDir);
    let flooding = true;
    const watch = (async () => {
      while (flooding) {
        lowest = Math.min(lowest, await freeBytes(uploadsDir));
        await new Promise((r) => setImmediate(r));
      }
    })();
    const replies = await Promise.all(
      accounts.flatMap(({ token }) => [
        chunkedUpload(token, pngOfSize(3 * MB)),
        chunkedUpload(token, pngOfSize(3 * MB)),
      ]),
    ).finally(() => {
      flooding = false;
    });
    await watch;
    expect(lowest).toBeGreaterThanOrEqual(FLOOR_BYTES);
    expect(await freeBytes(uploadsDir)).toBeGreaterThanOrEqual(FLOOR_BYTES);
    const refused = replies.filter((r) => r.status !== 201);
    expect(replies.filter((r) => r.status === 201).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(r).toMatchObject({ status: 507, body: { errors: [{ detail: UPLOAD_LIMIT_TEXTS.full }] } });
    expect(await readdir(path.join(uploadsDir, '.incoming'))).toEqual([]);
    expect((await fetch(`${env.url}/api/health`)).status).toBe(200);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, accounts[0]!.token)).status).toBe(200);
    // Every reservation was settled: the ledger holds what the folder holds.
    const onDisk = [...(await storedPerOwner()).values()].reduce((a, b) => a + b, 0);
    expect(await env.server.runtime.limits.uploads.usage()).toBe(onDisk);
  });
});

async function loginFrom(address: string, username: string, password: string, cookie?: string) {
  const response = await fetch(`${env.url}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  return {
    status: response.status,
    body,
    setCookie: response.headers.get('set-cookie'),
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('the login limiter (findings 2 and 5)', () => {
  it('given 30 concurrent wrong logins for one name, then at most 10 are verified, the rest refused at once; the owner logs in from another address', async () => {
    await registerAndLogin(env.url, 'zielscheibe', 'richtiges-passwort');
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginFrom('203.0.113.9', 'zielscheibe', `falsch-${i}`)),
    );
    // 403 is an answer after a verification; 429 is refused before any: by the limiter, or by the name's full line (uncounted).
    const lineFull = replies.filter(
      (r) => r.status === 429 && r.body.errors[0].detail === LOGIN_LIMIT_TEXTS.nameLineFull,
    );
    const limited = replies.filter(
      (r) => r.status === 429 && r.body.errors[0].detail === LOGIN_LIMIT_TEXTS.loginName(15),
    );
    const verified = replies.filter((r) => r.status === 403);
    expect(verified.length).toBeGreaterThan(0);
    expect(verified.length).toBeLessThanOrEqual(FAILED_LOGINS_PER_NAME.max);
    expect(verified.length + lineFull.length + limited.length).toBe(30);
    expect((await loginFrom('198.51.100.20', 'zielscheibe', 'richtiges-passwort')).status).toBe(200);
  });

  it('given an IPv6 guesser moving through its /64, then the addresses count as one', async () => {
    await registerAndLogin(env.url, 'sechs', 'richtiges-passwort');
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max; i++)
      expect((await loginFrom(`2001:db8:6:6::${i + 1}`, 'sechs', 'falsch')).status).toBe(403);
    expect((await loginFrom('2001:db8:6:6:ffff::1', 'sechs', 'falsch')).status).toBe(429);
    expect((await loginFrom('2001:db8:6:7::1', 'sechs', 'richtiges-passwort')).status).toBe(200);
  });

  it("given a venue whose address is locked for admin by a guest, then the admin's laptop, which logged in there before, still logs in; a device without the cookie is refused", async () => {
    const before = await loginFrom('192.0.2.50', 'admin', ADMIN_PASSWORD);
    expect(before.status).toBe(200);
    const cookie = before.setCookie!.split(';')[0]!;
    expect(cookie).toMatch(/^quiz_device=/);
    expect(before.setCookie).toMatch(/HttpOnly/i);
    for (let i = 0; i < 120; i++) await loginFrom('192.0.2.50', i % 2 ? 'admin' : `gast${i}`, 'geraten');
    expect((await loginFrom('192.0.2.50', 'admin', ADMIN_PASSWORD)).status).toBe(429);
    expect((await loginFrom('192.0.2.50', 'admin', ADMIN_PASSWORD, cookie)).status).toBe(200);
    // The cookie is the admin's: it does not open the lock for another name.
    expect((await loginFrom('192.0.2.50', 'zielscheibe', 'richtiges-passwort', cookie)).status).toBe(429);
  });

  it('given an unknown name, then it is verified like a known one (one hash), answered 403 with the same text', async () => {
    const unknown = await loginFrom('198.51.100.30', 'niemand-heisst-so', 'passwort');
    const known = await loginFrom('198.51.100.30', 'zielscheibe', 'falsches-passwort');
    expect(unknown).toMatchObject({ status: 403, body: known.body });
  });
});

describe('the known-device cookie (third round)', () => {
  it('given a cookie, when its owner logs out everywhere, then it no longer opens a locked address; behind the trusted proxy it is Secure unless the proxy says http', async () => {
    const { token } = await registerAndLogin(env.url, 'geraetewechsel', 'richtiges-passwort');
    const first = await loginFrom('192.0.2.60', 'geraetewechsel', 'richtiges-passwort');
    expect(first.setCookie).toMatch(/;\s*Secure/i); // TRUST_PROXY is set and no X-Forwarded-Proto came: a TLS proxy that sends none
    const cookie = first.setCookie!.split(';')[0]!;
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max; i++)
      expect((await loginFrom('192.0.2.60', 'geraetewechsel', 'geraten')).status).toBe(403);
    expect((await loginFrom('192.0.2.60', 'geraetewechsel', 'richtiges-passwort')).status).toBe(429);
    expect((await loginFrom('192.0.2.60', 'geraetewechsel', 'richtiges-passwort', cookie)).status).toBe(200);
    expect((await api(env.url, 'POST', '/api/token-logout-all', undefined, token)).status).toBe(200);
    expect((await loginFrom('192.0.2.60', 'geraetewechsel', 'richtiges-passwort', cookie)).status).toBe(429); // the generation moved on
    const plain = await fetch(`${env.url}/api/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.61', 'x-forwarded-proto': 'http' },
      body: JSON.stringify({ username: 'geraetewechsel', password: 'richtiges-passwort' }),
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
  });
});

describe('the verification line of one login name (third round)', () => {
  it('given 50 wrong guesses for one name from 5 addresses in flight, then a login with its known-device cookie is answered while guesses still wait; beyond the line 429 with Retry-After, uncounted', async () => {
    await registerAndLogin(env.url, 'umlagert', 'richtiges-passwort');
    const first = await loginFrom('192.0.2.90', 'umlagert', 'richtiges-passwort');
    const cookie = first.setCookie!.split(';')[0]!;
    let answered = 0;
    const guesses = Array.from({ length: 50 }, (_, i) =>
      loginFrom(`198.51.100.${100 + (i % 5)}`, 'umlagert', `geraten-${i}`).then((reply) => {
        answered++;
        return reply;
      }),
    );
    const owner = await loginFrom('203.0.113.200', 'umlagert', 'richtiges-passwort', cookie);
    const stillWaiting = guesses.length - answered;
    expect(owner.status).toBe(200);
    expect(stillWaiting).toBeGreaterThan(0); // the owner's device did not wait behind the guesses' line
    const replies = await Promise.all(guesses);
    const lineFull = replies.filter((r) => r.status === 429);
    expect(replies.filter((r) => r.status !== 403 && r.status !== 429)).toEqual([]);
    expect(lineFull.length).toBeGreaterThan(0);
    for (const reply of lineFull)
      expect(reply).toMatchObject({ retryAfter: '1', body: { errors: [{ detail: LOGIN_LIMIT_TEXTS.nameLineFull }] } });
    // Uncounted: the pairs' failures are the verified guesses only.
    const rows = await env.server.storage.sql.query<{ failures: number }>(
      "SELECT failures FROM login_failures WHERE key LIKE 'pair 198.51.100.% umlagert'",
    );
    expect(rows.reduce((sum, row) => sum + Number(row.failures), 0)).toBe(
      replies.filter((r) => r.status === 403).length,
    );
  });
});

describe('role changes end older tokens (finding 3)', () => {
  it('given a player token issued before a grant, then it answers 401 after it; a new login carries the role', async () => {
    const player = await registerAndLogin(env.url, 'befoerdert');
    const admin = await loginFrom('198.51.100.40', 'admin', ADMIN_PASSWORD);
    const granted = await api(
      env.url,
      'PUT',
      `/api/users/${player.userId}/roles`,
      { data: { type: 'users', attributes: { roles: ['moderator'] } } },
      admin.body.token,
    );
    expect(granted.status).toBe(200);
    expect((await api(env.url, 'GET', '/api/users', undefined, player.token)).status).toBe(401);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, player.token)).status).toBe(401);
    const again = await loginFrom('198.51.100.40', 'befoerdert', 'passwort123');
    expect((await api(env.url, 'GET', '/api/users', undefined, again.body.token)).status).toBe(200);
  });
});
