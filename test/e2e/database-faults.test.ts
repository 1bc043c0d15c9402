/**
 * Issue 24, "Outlive the database": two app instances (real server processes) reach one fresh
 * Postgres database through a fault proxy (test/support/fault-proxy.ts), never the machine's Postgres
 * itself, which other test files use meanwhile. Players on both instances propose all the time, each
 * command resent with its commandId while the answer says `retry: true`; the proxy cuts every
 * connection, refuses new ones for 5 s, and stalls them for 15 s. Each time: every acknowledged
 * proposal is stored once (none lost, none twice), both instances take commands again by themselves,
 * /api/health answers 200 throughout, /api/ready says 503 during the outage and 200 after; a
 * countdown that ends during an outage is stored once after it; presence comes back. The figures are
 * printed (timings are not asserted: the machine is shared). Needs Postgres: skipped without DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromStored } from '../../src/engine/stored-events';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { STORE_UNAVAILABLE_TEXT } from '../../src/store/unavailable';
import { FaultProxy } from '../support/fault-proxy';
import { freshDatabase } from '../support/fresh-database';
import { describeOnPostgres } from '../support/describe-on-postgres';
import { POSTGRES_URL } from '../support/test-database';
import { AppProcess, ensureBuiltServer, freePort } from './support/app-process';
import { CLEAN, FaultLoad, sleep } from './support/fault-load';
import { ADMIN_PASSWORD, api } from './support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeOnPostgres('database-faults', 'two app instances outlive database faults (through a fault proxy)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let proxy: FaultProxy;
  let dirs: string[] = [];
  let a: AppProcess;
  let b: AppProcess;
  let db: PostgresDatabase;
  let store: SqlEventStore;
  let show: FaultLoad;

  beforeAll(async () => {
    ensureBuiltServer();
    database = await freshDatabase(POSTGRES_URL!);
    proxy = await FaultProxy.to(database.url);
    dirs = await Promise.all(['a', 'b'].map((n) => mkdtemp(path.join(tmpdir(), `quiz-faults-${n}-`))));
    const env = (dataDir: string) => ({
      DATABASE_URL: FaultProxy.through(database.url, proxy.port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'database-faults-secret-at-least-32-bytes',
      ADMIN_PASSWORD,
    });
    a = new AppProcess('A', await freePort(), env(dirs[0]!));
    b = new AppProcess('B', await freePort(), env(dirs[1]!));
    await Promise.all([a.start(), b.start()]);
    db = await PostgresDatabase.open(database.url);
    store = await SqlEventStore.open(db);
    show = new FaultLoad([a, b], store);
    await show.setUpShow();
  }, 120_000);

  afterAll(async () => {
    if (show?.report.length)
      console.log(`database faults (two instances, one fault proxy):\n  ${show.report.join('\n  ')}`);
    await show?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    for (const instance of [a, b]) {
      if (instance && /Unhandled|uncaught/i.test(instance.output))
        console.log(`instance ${instance.name} said:\n${instance.output.slice(-4000)}`);
    }
    await proxy?.close();
    await store?.close();
    await db?.close();
    await database?.drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('every connection cut under load: nothing lost, nothing twice, commands taken again at once', async () => {
    const { result, ...probes } = await show.probing(() =>
      show.underLoad(
        'cut',
        async () => {
          proxy.cut();
          return Date.now();
        },
        3000,
      ),
    );
    expect(await show.verdict('cut', result.figures, result.reachableAt, probes)).toEqual(CLEAN);
    await show.readyAgain();
  }, 60_000);

  it('new connections refused for 5 s: commands answered retry:true with the German text, HTTP 503, /api/ready 503 then 200, resumed by itself', async () => {
    const logins: Array<{ status: number; body: Json }> = [];
    const { result, ...probes } = await show.probing(() =>
      show.underLoad(
        'refuse',
        async () => {
          proxy.refuse(5000);
          await sleep(1000);
          // A request that needs the database (the credentials) is answered 503 with the German text, not left hanging.
          for (const instance of [a, b])
            logins.push(
              await api(instance.url, 'POST', '/api/token-auth', { username: 'spieler0', password: 'passwort123' }),
            );
          await sleep(4000);
          return Date.now();
        },
        2500,
      ),
    );
    for (const answer of logins)
      expect(answer).toMatchObject({ status: 503, body: { errors: [{ detail: STORE_UNAVAILABLE_TEXT }] } });
    expect(await show.verdict('refuse', result.figures, result.reachableAt, probes)).toEqual(CLEAN);
    expect(result.figures.retryAnswers).toBeGreaterThan(0);
    expect(probes.ready.some((r) => r.status === 503 && /Datenbank/.test(r.reason ?? ''))).toBe(true);
    await show.readyAgain();
    await show.everyoneOnline();
  }, 60_000);

  it('every connection stalled for 15 s: no command waits without an answer, health never hangs, ready 503 then 200', async () => {
    const { result, ...probes } = await show.probing(() =>
      show.underLoad(
        'stall',
        async () => {
          proxy.stall();
          await sleep(15_000);
          proxy.resume();
          return Date.now();
        },
        2500,
      ),
    );
    expect(await show.verdict('stall', result.figures, result.reachableAt, probes)).toEqual(CLEAN);
    expect(probes.ready.some((r) => r.status === 503)).toBe(true);
    await show.readyAgain();
    await show.everyoneOnline();
  }, 60_000);

  it('a countdown that ends while the database is away is stored once, after it', async () => {
    await show.must(show.moderator, 'mc', { time: 1 });
    proxy.refuse(3000);
    await sleep(3000);
    await Promise.all(show.players.map((p) => p.ws.until((v) => v.global?.state === 'qn', 20_000)));
    await show.readyAgain();
    const events = (await store.readAll()).map(fromStored);
    expect(events.filter((e) => e.type === 'CountdownExpired')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'QuestionEnded')).toHaveLength(1);
    expect(a.output).not.toMatch(/Unhandled 'error' event/);
    expect(b.output).not.toMatch(/Unhandled 'error' event/);
    show.report.push(
      `countdown during a 3 s refusal: ${events.filter((e) => e.type === 'CountdownExpired').length} expiry stored; connections refused by the proxy in all: ${proxy.refused}`,
    );
  }, 60_000);
});
