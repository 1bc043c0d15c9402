import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { RunningServer, startServer } from '../../src/server';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';

/** The release in package.json (CHANGELOG.md): what health reports. */
const packageVersion = (
  JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

/** The embedded store, or a fresh Postgres database when DATABASE_URL is set. */
describe('GET /api/health', () => {
  let dataDir: string;
  let database: TestDatabaseUrl;
  let server: RunningServer | null = null;
  let kind: 'embedded' | 'postgres';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-health-'));
    database = await testDatabaseUrl();
    kind = database.url ? 'postgres' : 'embedded';
  });
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  afterAll(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const settings = (extra: Record<string, string> = {}) =>
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...extra,
    });
  const start = () => startServer(settings(), { logger: false });

  it('given a fresh data dir, when the server starts, then health reports the store with the first admin registered', async () => {
    server = await start();
    expect(server.firstAdmin).toMatchObject({ created: true, generated: true });
    const response = await request(server.url).get('/api/health').expect(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      version: packageVersion,
      store: { kind, lastPosition: 1 },
      live: { position: 1 },
    });
    expect(response.body.projections).toEqual(
      expect.arrayContaining([
        { projector: expect.any(String), checkpoint: expect.any(Number), lag: expect.any(Number) },
      ]),
    );
  });

  it('given the data kept, when the server starts again, then the log and the admin are still there and nothing is added', async () => {
    server = await start();
    expect(server.firstAdmin).toMatchObject({ created: false, passwordReset: false });
    const response = await request(server.url).get('/api/health').expect(200);
    expect(response.body.store).toEqual({ kind, lastPosition: 1, reachable: true });
    const [registered] = await server.storage.events.readAll();
    expect(registered).toMatchObject({
      type: 'UserRegistered',
      data: { login: 'admin', roles: ['admin', 'moderator', 'tester'] },
    });
  });

  it('given ADMIN_PASSWORD differs from the stored password, when the server starts without ADMIN_PASSWORD_RESET, then the stored password stays (finding 7)', async () => {
    server = await startServer(settings({ ADMIN_PASSWORD: 'geheim-und-lang' }), { logger: false });
    expect(server.firstAdmin).toMatchObject({ created: false, passwordReset: false });
    expect(
      (await request(server.url).post('/api/token-auth/').send({ username: 'admin', password: 'geheim-und-lang' }))
        .status,
    ).toBe(403);
  });

  it('given ADMIN_PASSWORD_RESET=true, when the server starts, then the admin password is replaced and older admin tokens end', async () => {
    server = await startServer(settings({ ADMIN_PASSWORD: 'geheim-und-lang', ADMIN_PASSWORD_RESET: 'true' }), {
      logger: false,
    });
    expect(server.firstAdmin).toMatchObject({ created: false, passwordReset: true });
    const token = (
      await request(server.url)
        .post('/api/token-auth/')
        .send({ username: 'admin', password: 'geheim-und-lang' })
        .expect(200)
    ).body.token as string;
    await server.close();
    server = await startServer(settings({ ADMIN_PASSWORD: 'noch-ein-neues', ADMIN_PASSWORD_RESET: 'true' }), {
      logger: false,
    });
    expect((await request(server.url).get('/api/tokens/current').set('authorization', `Bearer ${token}`)).status).toBe(
      401,
    );
  });
});
