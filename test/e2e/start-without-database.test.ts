/**
 * A server process started while its Postgres is away (both restarting after a reboot, or the
 * database still starting) waits for it instead of exiting, says so in its log, and serves once the
 * database is reachable; a wrong setting (an unknown database) still ends the start at once with a
 * clear message. The database is "away" behind the fault proxy (test/support/fault-proxy.ts); the
 * machine's Postgres is never touched. Needs Postgres: runs when DATABASE_URL is set, skipped otherwise.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FaultProxy } from '../support/fault-proxy';
import { freshDatabase } from '../support/fresh-database';
import { describeOnPostgres } from '../support/describe-on-postgres';
import { POSTGRES_URL } from '../support/test-database';
import { AppProcess, ensureBuiltServer, freePort } from './support/app-process';
import { ADMIN_PASSWORD, login } from './support/test-server';

const WAITING = /Datenbank nicht erreichbar \([^)]+\); neuer Versuch in \d+\.\d s/g;

describeOnPostgres('start-without-database', 'a server started while its database is away', () => {
  let database: { url: string; drop: () => Promise<void> };
  let proxy: FaultProxy;
  let dataDir: string;
  const processes: AppProcess[] = [];

  const env = (url: string) => ({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'start-without-database-secret-32-bytes',
    ADMIN_PASSWORD,
    LOG_FORMAT: 'text',
  });

  beforeAll(async () => {
    ensureBuiltServer();
    database = await freshDatabase(POSTGRES_URL!);
    proxy = await FaultProxy.to(database.url);
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-start-'));
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await proxy?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('waits, says why in its log, and serves once the database is reachable', async () => {
    proxy.refuse(10 * 60_000); // until resumed
    const app = new AppProcess('waiting', await freePort(), env(FaultProxy.through(database.url, proxy.port)));
    processes.push(app);
    let exited: unknown = null;
    const started = app.start().catch((error: unknown) => {
      exited = error;
    });
    while ((app.output.match(WAITING) ?? []).length < 3 && exited === null)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exited).toBeNull();
    expect(proxy.refused).toBeGreaterThanOrEqual(3);
    expect(
      await fetch(`${app.url}/api/health`).then(
        () => 'answered',
        () => 'not listening',
      ),
    ).toBe('not listening');
    proxy.resume();
    await started;
    expect(exited).toBeNull();
    expect(await login(app.url, 'admin', ADMIN_PASSWORD)).toEqual(expect.any(String));
  });

  it('an unknown database is a wrong setting: the start ends at once and names it', async () => {
    const unknown = Object.assign(new URL(database.url), { pathname: '/quiz_gibt_es_nicht' }).toString();
    const app = new AppProcess('misconfigured', await freePort(), env(unknown));
    processes.push(app);
    await expect(app.start()).rejects.toThrow(
      /exited while starting[\s\S]*Start fehlgeschlagen[\s\S]*quiz_gibt_es_nicht/,
    );
    expect(app.output).not.toMatch(WAITING);
  });
});
