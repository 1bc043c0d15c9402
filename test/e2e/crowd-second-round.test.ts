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
import { UPLOAD_LIMIT_TEXTS, USER_UPLOAD_QUOTA_BYTES } from '../../src/uploads/upload-limits';
import { api, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { jpegWithMetadata, pngOfSize, SCAN } from '../support/images';

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
function chunkedUpload(token: string, image: Buffer, kind = 'user'): Promise<{ status: number; body: Record<string, any> }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const boundary = 'grenze-zweite-runde';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
  const fields = kind === 'user' ? `\r\n--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\n1920x1080` : '';
  const tail = Buffer.from(`${fields}\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(`${env.url}/api/uploads/${kind}`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    }, (res) => {
      answered = true;
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
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
  it('given a photo with EXIF and GPS, then the stored file has neither, and its image data is unchanged', async () => {
    const { token } = await registerAndLogin(env.url, 'fotografin');
    const reply = await chunkedUpload(token, jpegWithMetadata());
    expect(reply.status).toBe(201);
    const stored = await fetch(`${env.url}/api/uploads/${reply.body.fileNames[0]}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    expect(bytes.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(bytes.includes(SCAN)).toBe(true);
  });

  it('given a user without a team sending 8 chunked uploads of 4 MB at once, then they keep at most their 20 MB; the rest is refused in German', async () => {
    const { token, userId } = await registerAndLogin(env.url, 'sammlerin');
    const replies = await Promise.all(Array.from({ length: 8 }, () => chunkedUpload(token, pngOfSize(4 * MB))));
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r).toMatchObject({ status: 413, body: { errors: [{ detail: UPLOAD_LIMIT_TEXTS.userQuota }] } });
    expect((await storedPerOwner()).get(userId) ?? 0).toBeLessThanOrEqual(USER_UPLOAD_QUOTA_BYTES);
    expect(await env.server.runtime.uploadLimits.usage(userId)).toBe((await storedPerOwner()).get(userId));
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
    const replies = await Promise.all(accounts.flatMap(({ token }) => [chunkedUpload(token, pngOfSize(3 * MB)), chunkedUpload(token, pngOfSize(3 * MB))]));
    flooding = false;
    await watch;
    expect(lowest).toBeGreaterThanOrEqual(FLOOR_BYTES);
    expect(await freeBytes(uploadsDir)).toBeGreaterThanOrEqual(FLOOR_BYTES);
    const refused = replies.filter((r) => r.status !== 201);
    expect(replies.filter((r) => r.status === 201).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r).toMatchObject({ status: 507, body: { errors: [{ detail: UPLOAD_LIMIT_TEXTS.full }] } });
    expect(await readdir(path.join(uploadsDir, '.incoming'))).toEqual([]);
    expect((await fetch(`${env.url}/api/health`)).status).toBe(200);
    expect((await api(env.url, 'GET', '/api/tokens/current', undefined, accounts[0]!.token)).status).toBe(200);
    // Every reservation was settled: the ledger holds what the folder holds.
    const onDisk = [...(await storedPerOwner()).values()].reduce((a, b) => a + b, 0);
    expect(await env.server.runtime.uploadLimits.usage()).toBe(onDisk);
  });
});
