import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { loadConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';
import { E2E_JWT_SECRET } from './support/test-server';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function request(url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/**
 * The built web app as the server serves it over HTTP: a web dir laid out as `npm run build:web`
 * leaves it (hashed assets with .br and .gz beside them, index.html), served by the real server.
 */
describe('the web app over HTTP', () => {
  let webDir: string;
  let dataDir: string;
  let database: TestDatabaseUrl;
  let server: RunningServer;
  const script = `export const show = ${JSON.stringify('Quiz '.repeat(2_000))};\n`;
  const page =
    '<!doctype html><html lang="de"><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'quiz-web-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-e2e-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'index.html'), page);
    await writeFile(path.join(webDir, 'index.html.br'), brotliCompressSync(page));
    await writeFile(path.join(webDir, 'index.html.gz'), gzipSync(page));
    await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(webDir, 'assets/index-AbC123.js'), script);
    await writeFile(path.join(webDir, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(webDir, 'assets/index-AbC123.js.gz'), gzipSync(script));
    await writeFile(path.join(webDir, 'assets/index-AbC123.js.map'), '{"version":3,"sourcesContent":["geheim"]}');
    database = await testDatabaseUrl();
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'admin-passwort-für-tests',
      JWT_SECRET: E2E_JWT_SECRET,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    server = await startServer({ ...config, webDir }, { logger: false });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await rm(webDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a hashed asset brotli-compressed when the browser takes it, else gzip, else as it is; immutable for a year', async () => {
    const url = `${server.url}/assets/index-AbC123.js`;
    const br = await request(url, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await request(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await request(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("answers the app's routes with index.html, revalidated on every load; other files are not immutable", async () => {
    for (const route of ['/', '/login', '/moderator/points']) {
      const answer = await request(`${server.url}${route}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body.toString()).toBe(page);
    }
    const icon = await request(`${server.url}/favicon.svg`, 'gzip, br');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the start page (index.html, every app route) compressed as the assets are: brotli, else gzip', async () => {
    for (const route of ['/', '/login', '/moderator/points', '/index.html']) {
      const br = await request(`${server.url}${route}`, 'gzip, deflate, br, zstd');
      expect([route, br.status, br.headers['content-encoding']]).toEqual([route, 200, 'br']);
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.body).toString()).toBe(page);

      const gz = await request(`${server.url}${route}`, 'gzip');
      expect([route, gz.headers['content-encoding']]).toEqual([route, 'gzip']);
      expect(gz.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(gz.body).toString()).toBe(page);
    }
  });

  it('never serves a source map (they carry the sources), nor the app page in its place', async () => {
    const map = await request(`${server.url}/assets/index-AbC123.js.map`, 'gzip, br');
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('geheim');
  });

  it("answers HEAD wherever GET answers: the app's routes, an asset and the API", async () => {
    for (const route of ['/', '/login', '/favicon.svg', '/assets/index-AbC123.js', '/api/health']) {
      const get = await fetch(`${server.url}${route}`);
      const head = await fetch(`${server.url}${route}`, { method: 'HEAD' });
      expect([route, head.status]).toEqual([route, get.status]);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
    }
  });

  it("a hashed asset that is not there (an older release's) is 404, not the app page", async () => {
    const missing = await request(`${server.url}/assets/index-Old999.js`, 'br');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).not.toContain('<div id="root">');
  });
});
