import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { RunningServer, startServer } from '../../src/server';

describe('GET /api/health on the embedded store', () => {
  let dataDir: string;
  let server: RunningServer | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-health-'));
  });
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () => startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }), { logger: false });

  it('given a fresh data dir, when the server starts, then health reports the embedded store with the first admin registered', async () => {
    server = await start();
    expect(server.firstAdmin).toMatchObject({ created: true, generated: true });
    const response = await request(server.url).get('/api/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', version: '0.10.0', store: { kind: 'embedded', lastPosition: 1 }, live: { position: 1 } });
    expect(response.body.projections).toEqual(expect.arrayContaining([{ projector: expect.any(String), checkpoint: expect.any(Number), lag: expect.any(Number) }]));
  });

  it('given the data kept, when the server starts again, then the log and the admin are still there and nothing is added', async () => {
    server = await start();
    expect(server.firstAdmin).toMatchObject({ created: false, passwordReset: false });
    const response = await request(server.url).get('/api/health').expect(200);
    expect(response.body.store).toEqual({ kind: 'embedded', lastPosition: 1 });
    const [registered] = await server.storage.events.readAll();
    expect(registered).toMatchObject({ type: 'UserRegistered', data: { login: 'admin', roles: ['admin', 'moderator', 'tester'] } });
  });

  it('given ADMIN_PASSWORD differs from the stored password, when the server starts, then the admin password is replaced', async () => {
    server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'geheim-und-lang' }), { logger: false });
    expect(server.firstAdmin).toMatchObject({ created: false, passwordReset: true });
  });
});
