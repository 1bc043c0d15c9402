import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { startAddresses } from '../../src/http/public-origin';
import { AppProcess, ensureBuiltServer, freePort } from './support/app-process';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login } from './support/test-server';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';

const PUBLIC_URL = 'https://quiz.example.de';
const packageVersion = (require('../../package.json') as { version: string }).version; // eslint-disable-line @typescript-eslint/no-require-imports

/** Where the show lives (PROTOCOL.md wave 5): PUBLIC_URL is the one origin of every link, else the start names the LAN addresses. */
describe('PUBLIC_URL', () => {
  it.each([
    'quiz.example.de',
    'ftp://quiz.example.de',
    'https://quiz.example.de/pfad',
    'https://quiz.example.de/?x=1',
    'https://nutzer:pw@quiz.example.de',
  ])('given PUBLIC_URL=%j, then the start stops naming the variable', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
      /PUBLIC_URL="[^"]*": erwartet eine Adresse wie https:\/\/quiz\.example\.de/,
    );
  });

  it('given an origin with or without a trailing slash, then it is kept as the bare origin', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Quiz.Example.de/' }).publicUrl).toBe('https://quiz.example.de');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).publicUrl).toBe('http://192.168.1.20:3000');
    expect(loadConfig({}).publicUrl).toBeNull();
  });

  it('the start addresses: PUBLIC_URL alone; else every non-internal IPv4 address when listening on all; else the bound host', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      wlan0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false },
        { address: 'fe80::1', family: 'IPv6', internal: false },
      ],
      eth0: [{ address: '10.0.0.5', family: 'IPv4', internal: false }],
    } as unknown as ReturnType<typeof networkInterfaces>;
    expect(startAddresses({ publicUrl: PUBLIC_URL, host: '0.0.0.0' }, 3000, interfaces)).toEqual([PUBLIC_URL]);
    expect(startAddresses({ publicUrl: null, host: '0.0.0.0' }, 3000, interfaces)).toEqual([
      'http://192.168.1.20:3000',
      'http://10.0.0.5:3000',
    ]);
    expect(startAddresses({ publicUrl: null, host: '127.0.0.1' }, 3000, interfaces)).toEqual(['http://127.0.0.1:3000']);
    expect(startAddresses({ publicUrl: null, host: '0.0.0.0' }, 3000, { lo: interfaces.lo })).toEqual([
      'http://localhost:3000',
    ]);
  });

  describe('a server with PUBLIC_URL, asked on localhost', () => {
    const suite = serverForSuite({}, undefined, { PUBLIC_URL });

    it('makes overlay links at the public origin, says so at /api/about, and sets the known-device cookie Secure', async () => {
      expect(suite.env.url).toMatch(/^http:\/\/localhost:\d+$/);
      const admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
      const created = await api(suite.env.url, 'POST', '/api/overlay-links', {}, admin);
      expect(created.status).toBe(201);
      expect(created.body.url).toMatch(/^https:\/\/quiz\.example\.de\/overlay\/[\w-]+\.[\w-]{43}$/);
      expect((await api(suite.env.url, 'GET', '/api/overlay-links', undefined, admin)).body).toEqual([
        expect.objectContaining({ url: created.body.url }),
      ]);
      expect(await api(suite.env.url, 'GET', '/api/about')).toEqual({
        status: 200,
        body: { version: packageVersion, publicUrl: PUBLIC_URL },
      });

      const response = await fetch(`${suite.env.url}/api/token-auth/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
    });
  });

  describe('the start of the built server listening on every interface, without PUBLIC_URL', () => {
    let dataDir: string;
    let database: TestDatabaseUrl;
    let app: AppProcess | null = null;

    beforeAll(async () => {
      ensureBuiltServer();
      dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-public-url-'));
      database = await testDatabaseUrl();
    }, 120_000);
    afterAll(async () => {
      await app?.stop();
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('prints http://<LAN address>:<port> for each non-internal IPv4 address, in German, and no localhost', async () => {
      const port = await freePort();
      app = new AppProcess('lan', port, {
        HOST: '0.0.0.0',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        JWT_SECRET: 'public-url-test-secret-at-least-32-bytes',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      });
      await app.start();
      const lan = Object.values(networkInterfaces())
        .flatMap((entries) => entries ?? [])
        .filter((entry) => entry.family === 'IPv4' && !entry.internal)
        .map((entry) => `http://${entry.address}:${port}`);
      if (lan.length === 0) {
        expect(app.output).toContain(`Quiz-Show läuft: http://localhost:${port}`); // a machine without a network
        return;
      }
      expect(app.output).toContain(`Quiz-Show läuft: ${lan[0]}`);
      for (const address of lan.slice(1)) expect(app.output).toContain(`Auch erreichbar: ${address}`);
      expect(app.output).not.toContain('localhost');
      expect(app.output).not.toMatch(/\b(started|listening|running)\b/i);
    });
  });
});
