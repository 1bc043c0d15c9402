/**
 * Issue 24's first rows as an operator meets them: the Postgres server itself restarted with
 * `-m immediate`, and stopped for 5 s, under load, with two app instances on it. Not the machine's
 * Postgres (other test files use it meanwhile): a cluster of this test's own (initdb on a free port in
 * a temporary directory, fsync off), so it restarts nothing anyone else uses. Runs where DATABASE_URL
 * is set (as in `.ci/run`) and Postgres' initdb and pg_ctl are installed; skipped otherwise.
 */
import { execFileSync } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { POSTGRES_URL } from '../support/test-database';
import { AppProcess, ensureBuiltServer, freePort } from './support/app-process';
import { CLEAN, FaultLoad, sleep } from './support/fault-load';
import { ADMIN_PASSWORD } from './support/test-server';

/** initdb and pg_ctl, and how to run them: as the postgres user when this runs as root (initdb refuses root). */
function postgresTools(): {
  run: (tool: 'initdb' | 'pg_ctl', args: string[]) => void;
  owner: { uid: number; gid: number } | null;
} | null {
  const find = (tool: string) => {
    try {
      return (
        execFileSync('sh', ['-c', `command -v ${tool} || ls /usr/lib/postgresql/*/bin/${tool} 2>/dev/null | tail -1`], {
          encoding: 'utf8',
        }).trim() || null
      );
    } catch {
      return null;
    }
  };
  const tools = { initdb: find('initdb'), pg_ctl: find('pg_ctl') };
  if (!tools.initdb || !tools.pg_ctl) return null;
  // No pipes: the server pg_ctl starts would keep them open, and the call would never return.
  if (process.getuid?.() !== 0)
    return {
      run: (tool, args) => void execFileSync(tools[tool]!, args, { stdio: 'ignore', timeout: 60_000 }),
      owner: null,
    };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    execFileSync('sh', ['-c', 'command -v runuser']);
    return {
      run: (tool, args) =>
        void execFileSync('runuser', ['-u', 'postgres', '--', tools[tool]!, ...args], {
          stdio: 'ignore',
          timeout: 60_000,
        }),
      owner: { uid, gid },
    };
  } catch {
    return null;
  }
}

const tools = POSTGRES_URL ? postgresTools() : null;

if (!tools) {
  console.log("postgres-restart skipped: it needs DATABASE_URL (as .ci/run sets it) and Postgres' initdb and pg_ctl.");
  describe.skip('a Postgres cluster of its own restarted under load (not available here)', () => {
    it('runs where initdb and pg_ctl are installed', () => undefined);
  });
} else {
  describe("two app instances on a Postgres cluster of this test's own, restarted and stopped under load", () => {
    let dir: string;
    let data: string;
    let a: AppProcess;
    let b: AppProcess;
    let db: PostgresDatabase;
    let store: SqlEventStore;
    let show: FaultLoad;
    const pgCtl = (...args: string[]) => tools.run('pg_ctl', ['-D', data, '-w', ...args]);
    let start: () => void;

    beforeAll(async () => {
      ensureBuiltServer();
      dir = await mkdtemp(path.join(tmpdir(), 'quiz-pg-own-'));
      if (tools.owner) await chown(dir, tools.owner.uid, tools.owner.gid);
      data = path.join(dir, 'data');
      tools.run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
      const port = await freePort();
      start = () =>
        pgCtl(
          '-l',
          path.join(dir, 'log'),
          '-o',
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
          'start',
        );
      start();
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      const dirs = ['a', 'b'].map((n) => path.join(dir, n));
      const env = (dataDir: string) => ({
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        JWT_SECRET: 'postgres-restart-secret-at-least-32-bytes',
        ADMIN_PASSWORD,
      });
      a = new AppProcess('A', await freePort(), env(dirs[0]!));
      b = new AppProcess('B', await freePort(), env(dirs[1]!));
      await Promise.all([a.start(), b.start()]);
      db = await PostgresDatabase.open(url);
      store = await SqlEventStore.open(db);
      show = new FaultLoad([a, b], store);
      await show.setUpShow();
    }, 120_000);

    afterAll(async () => {
      if (show?.report.length)
        console.log(`Postgres restarted (two instances, a cluster of the test's own):\n  ${show.report.join('\n  ')}`);
      await show?.close();
      await Promise.all([a?.stop(), b?.stop()]);
      for (const instance of [a, b]) {
        if (instance && /Unhandled|uncaught/i.test(instance.output))
          console.log(`instance ${instance.name} said:\n${instance.output.slice(-4000)}`);
      }
      await store?.close();
      await db?.close().catch(() => undefined);
      if (data) {
        try {
          pgCtl('-m', 'immediate', 'stop');
        } catch {
          // not running
        }
      }
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('pg_ctl restart -m immediate under load: both instances resume by themselves, nothing lost, nothing twice, no process ends', async () => {
      const { result, ...probes } = await show.probing(() =>
        show.underLoad(
          'restart',
          async () => {
            pgCtl('-m', 'immediate', 'restart');
            return Date.now();
          },
          3000,
        ),
      );
      expect(await show.verdict('restart', result.figures, result.reachableAt, probes)).toEqual(CLEAN);
      await show.readyAgain();
      expect(a.output).not.toMatch(/Unhandled 'error' event/);
      expect(b.output).not.toMatch(/Unhandled 'error' event/);
    }, 60_000);

    it('stopped for 5 s, then started: commands answered retry:true meanwhile, /api/ready 503 then 200, resumed by itself', async () => {
      const { result, ...probes } = await show.probing(() =>
        show.underLoad(
          'stop',
          async () => {
            pgCtl('-m', 'immediate', 'stop');
            await sleep(5000);
            start();
            return Date.now();
          },
          3000,
        ),
      );
      expect(await show.verdict('stop', result.figures, result.reachableAt, probes)).toEqual(CLEAN);
      expect(result.figures.retryAnswers).toBeGreaterThan(0);
      expect(probes.ready.some((r) => r.status === 503)).toBe(true);
      await show.readyAgain();
      await show.everyoneOnline();
    }, 60_000);
  });
}
