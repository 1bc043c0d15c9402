import { ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';

const root = path.resolve(__dirname, '../..');

/**
 * `npm start` as a newcomer runs it: builds when needed, serves the API and web app, prints the admin's
 * credentials. On the embedded store, or on a fresh Postgres database when DATABASE_URL is set.
 */
describe('npm start', () => {
  let dataDir: string;
  let database: TestDatabaseUrl;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-start-'));
    database = await testDatabaseUrl();
  });
  afterEach(async () => {
    if (child) await stop(child);
    child = null;
  });
  afterAll(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Like Ctrl-C in a terminal: the signal goes to the whole process group. */
  async function stop(proc: ChildProcess): Promise<void> {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    process.kill(-proc.pid!, 'SIGINT');
    await exited;
    // npm may exit before the server it started: wait until the server is gone (port and data dir free).
    while (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      )
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function start(): Promise<{ output: () => string; readyAfterMs: number }> {
    let output = '';
    const began = Date.now();
    child = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: '',
        NODE_OPTIONS: '',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so that stopping reaches npm, the start script and the server
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    while (true) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      // The server picks a free port itself (PORT=0) and prints it: a port chosen here could be taken meanwhile.
      const printed = /läuft: http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (!printed) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      port = Number(printed[1]);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const readyAfterMs = Date.now() - began;
    console.log(`npm start: /api/health answered after ${readyAfterMs} ms`);
    return { output: () => output, readyAfterMs };
  }

  let port = 0;

  it('given a fresh data dir, then it serves health, the web app, and prints the address and the generated admin password once; after a restart the data is kept', async () => {
    const first = await start();
    expect(first.output()).toContain(`Quiz-Show läuft: http://127.0.0.1:${port}`); // the address it listens on (HOST), not localhost
    expect(first.output()).toMatch(/Benutzer "admin", Passwort "[A-Za-z0-9]{16}"/);
    expect(first.output()).not.toMatch(/RoutesResolver|Mapped \{/); // a quiet start: the route lines are debug
    const page = await fetch(`http://127.0.0.1:${port}/some/client/route`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      store: { lastPosition: number };
    };
    expect(health).toMatchObject({ status: 'ok', store: { kind: database.url ? 'postgres' : 'embedded' } });

    await stop(child!);

    const second = await start();
    expect(second.output()).not.toContain('Passwort');
    const again = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      store: { lastPosition: number };
    };
    expect(again.store.lastPosition).toBe(health.store.lastPosition);
  });
});
