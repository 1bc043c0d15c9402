import { ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { FIRST_ADMIN_PASSWORD_FILE } from '../../src/identity/first-admin';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';
import { WsClient } from './support/ws-client';

const root = path.resolve(__dirname, '../..');

describe('settings are checked at start', () => {
  it.each([
    ['PORT', '70000'],
    ['PORT', 'dreitausend'],
    ['HOST', 'zwei wörter'],
    ['DATABASE_URL', 'mysql://quiz:geheim@db/quiz'],
    ['EVENTSTORE_URL', 'http://localhost:2113'],
    ['ALLOWED_ORIGINS', 'https://quiz.example.org/pfad'],
    ['COMMAND_BATCH_MAX', 'abc'],
    ['COMMAND_BATCH_MAX', '0'],
    ['COMMAND_BATCH_MAX', '2.5'],
    ['LOG_FORMAT', 'xml'],
    ['LOG_LEVEL', 'laut'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'jeder'],
    ['TRUST_PROXY', '0.0.0.0/0'],
    ['TRUST_PROXY', '::/0'],
    ['TRUST_PROXY', '10.0.0.0/7'],
    ['TRUST_PROXY', 'loopback, 2001:db8::/31'],
    ['TRUST_PROXY', '6'],
    ['UPLOADS_MIN_FREE_BYTES', 'viel'],
  ])('given %s=%j, then the start stops with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}\\b`));
  });

  it('names every bad variable at once, and never echoes a database URL (it may hold a password)', () => {
    let error: unknown;
    try {
      loadConfig({ COMMAND_BATCH_MAX: 'abc', DATABASE_URL: 'mysql://quiz:geheim@db/quiz', LOG_FORMAT: 'xml' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(3);
    expect((error as Error).message).not.toContain('geheim');
  });

  it('given a JWT_SECRET or METRICS_TOKEN under 32 bytes or an ADMIN_PASSWORD under 8 characters, then the start is refused, unless ALLOW_WEAK_SECRETS=true (finding 7)', () => {
    const weak = { JWT_SECRET: 'x', METRICS_TOKEN: 'kurz', ADMIN_PASSWORD: 'admin' };
    let error: unknown;
    try {
      loadConfig(weak);
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'JWT_SECRET: erwartet mindestens 32 Bytes (z. B. openssl rand -base64 48; für lokale Versuche ALLOW_WEAK_SECRETS=true)',
      'METRICS_TOKEN: erwartet mindestens 32 Bytes (z. B. openssl rand -base64 48; für lokale Versuche ALLOW_WEAK_SECRETS=true)',
      'ADMIN_PASSWORD: erwartet mindestens 8 Zeichen (für lokale Versuche ALLOW_WEAK_SECRETS=true)',
    ]);
    expect((error as Error).message).not.toContain('kurz');
    expect(loadConfig({ ...weak, ALLOW_WEAK_SECRETS: 'true' })).toMatchObject({
      jwtSecret: 'x',
      allowWeakSecrets: true,
    });
    expect(loadConfig({ JWT_SECRET: 'a'.repeat(32), ADMIN_PASSWORD: 'acht8888' })).toMatchObject({
      adminPasswordReset: false,
    });
    expect(() => loadConfig({ ADMIN_PASSWORD_RESET: 'true' })).toThrow('ADMIN_PASSWORD_RESET: braucht ADMIN_PASSWORD');
  });

  it('given MIGRATION_DATABASE_URL, then it needs DATABASE_URL (the runtime role) and a postgres URL; with both, both are read', () => {
    const owner = 'postgres://quiz_owner:geheim@db:5432/quiz';
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: owner })).toThrow('MIGRATION_DATABASE_URL: braucht DATABASE_URL');
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'mysql://x@db/quiz', DATABASE_URL: owner })).toThrow(
      /MIGRATION_DATABASE_URL: erwartet eine URL postgres:/,
    );
    expect(
      loadConfig({ MIGRATION_DATABASE_URL: owner, DATABASE_URL: 'postgres://quiz_app:auch@db:5432/quiz' }),
    ).toMatchObject({
      migrationDatabaseUrl: owner,
      databaseUrl: 'postgres://quiz_app:auch@db:5432/quiz',
    });
    expect(loadConfig({}).migrationDatabaseUrl).toBeNull();
  });

  it('given good values and empty ones, then they are read and the empty ones take their defaults', () => {
    const config = loadConfig({
      PORT: '8080',
      COMMAND_BATCH_MAX: '1',
      LOG_FORMAT: 'JSON',
      LOG_LEVEL: 'debug',
      ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173/',
      DATABASE_URL: 'postgresql://u@h:5432/d',
      EVENTSTORE_URL: 'esdb://h:2113?tls=false',
      METRICS_TOKEN: '',
      ADMIN_PASSWORD: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      commandBatchMax: 1,
      logFormat: 'json',
      logLevel: 'debug',
      metricsToken: null,
      adminPassword: null,
      databaseUrl: 'postgresql://u@h:5432/d',
      eventStoreUrl: 'esdb://h:2113?tls=false',
    });
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      commandBatchMax: 500,
      logFormat: 'text',
      logLevel: 'log',
      trustProxy: false,
    });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: '5' }).trustProxy).toBe(5);
    expect(loadConfig({ TRUST_PROXY: '2001:db8::/32, 192.0.2.7' }).trustProxy).toBe('2001:db8::/32, 192.0.2.7');
  });

  it('given TRUST_PROXY=true, then the start is refused with the reason (any client could claim an address)', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY="true": erwartet die Zahl der Proxys .*nie "true"/,
    );
  });
});

/** The real start (`node scripts/start.js`, building when stale), as an operator runs it (on Postgres when DATABASE_URL is set). */
describe('the start as an operator sees it', () => {
  let dataDir: string;
  let database: TestDatabaseUrl;
  let child: ChildProcess | null = null;
  let port = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-settings-'));
    database = await testDatabaseUrl();
  });
  afterEach(async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    process.kill(-proc.pid!, 'SIGTERM');
    await exited;
    while (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      )
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
  });
  afterAll(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function start(env: Record<string, string>): { output: () => string; exited: Promise<number | null> } {
    let output = '';
    const proc = spawn(process.execPath, ['scripts/start.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: '',
        NODE_OPTIONS: '',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child = proc;
    proc.stdout!.on('data', (chunk) => (output += chunk));
    proc.stderr!.on('data', (chunk) => (output += chunk));
    return { output: () => output, exited: new Promise((resolve) => proc.once('exit', (code) => resolve(code))) };
  }

  async function untilHealthy(started: { output: () => string }): Promise<void> {
    // The server picks a free port itself (PORT=0) and prints it: a port chosen here could be taken meanwhile.
    let printed: RegExpExecArray | null;
    while (!(printed = /läuft: http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output()))) {
      if (child?.exitCode !== null) throw new Error(`the server exited:\n${started.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    port = Number(printed[1]);
    while (
      !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child?.exitCode !== null) throw new Error(`the server exited:\n${started.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('given COMMAND_BATCH_MAX=abc, then it does not start, and says which variable is wrong and what it expects', async () => {
    const started = start({ COMMAND_BATCH_MAX: 'abc' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('Start fehlgeschlagen');
    expect(started.output()).toContain('COMMAND_BATCH_MAX="abc": erwartet eine ganze Zahl von 1 bis 10000');
    expect(started.output()).not.toMatch(/^\s+at /m); // no stack trace around it
  });

  it('given LOG_FORMAT=json, then every line is a JSON object, the start is quiet, and a request line carries its request id', async () => {
    const started = start({ LOG_FORMAT: 'json' });
    await untilHealthy(started);
    // The compiled server (not the tests' SWC build) answers on its socket: the global validation pipe leaves the gateway alone.
    const socket = await WsClient.connect(`ws://127.0.0.1:${port}/ws`);
    expect(await socket.request('sa', { token: 'kein-token' })).toMatchObject({ success: false });
    await socket.close();
    await fetch(`http://127.0.0.1:${port}/api/teams`, { headers: { 'x-request-id': 'anfrage-42' } });
    while (!started.output().includes('anfrage-42')) await new Promise((resolve) => setTimeout(resolve, 50));

    const lines = started
      .output()
      .split('\n')
      .filter((line) => line.trim());
    const serverLines = lines.slice(lines.findIndex((line) => line.startsWith('{'))); // before: the build, when stale (tsc, vite)
    const records = serverLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.find((r) => r.context === 'Start' && String(r.message).startsWith('Quiz-Show läuft'))).toMatchObject(
      { level: 'log', url: `http://127.0.0.1:${port}` },
    );
    // The generated password never reaches the JSON log (a collector keeps it): it is in a file only the server's user reads.
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(records.find((r) => String(r.message).startsWith('Erster Admin angelegt'))).toMatchObject({
      message: expect.stringContaining(file),
    });
    const password = (await readFile(file, 'utf8')).trim();
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(started.output()).not.toContain(password);
    expect(
      (
        await fetch(`http://127.0.0.1:${port}/api/token-auth/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password }),
        })
      ).status,
    ).toBe(200);
    expect(
      records.filter((r) => ['RouterExplorer', 'RoutesResolver', 'InstanceLoader'].includes(String(r.context))),
    ).toEqual([]);
    expect(records.find((r) => r.requestId === 'anfrage-42')).toMatchObject({
      context: 'HTTP',
      method: 'GET',
      path: '/api/teams',
      status: 401,
    });
  });
});
