import { ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, rmdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedEmptyCluster } from '../../support/embedded-cluster';

const repositoryRoot = path.resolve(__dirname, '../../..');
export const ADMIN_PASSWORD = 'admin-passwort-für-browsertests';

/** `npm start` may build server and web app; two test files starting at once must not build at the same time. */
const BUILD_LOCK = path.join(tmpdir(), 'quiz-browser-tests-start.lock');
const STARTUP_TIMEOUT_MS = 150_000;

export interface RunningApp {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  wsUrl: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Stops the whole process group, waits until the port no longer answers, deletes the data dir. */
  stop(): Promise<void>;
  /** Stops the server and starts it again on the same port and data dir. */
  restart(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function answersHealth(baseUrl: string): Promise<boolean> {
  return fetch(`${baseUrl}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
}

async function withStartLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (true) {
    try {
      await mkdir(BUILD_LOCK);
      break;
    } catch {
      // A lock older than a whole start is left over from a killed run.
      const lockedAt = await stat(BUILD_LOCK).then(
        (info) => info.mtimeMs,
        () => Date.now(),
      );
      if (Date.now() - lockedAt > STARTUP_TIMEOUT_MS) await rmdir(BUILD_LOCK).catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`start lock ${BUILD_LOCK} still held after ${STARTUP_TIMEOUT_MS} ms`);
      await pause(200);
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(BUILD_LOCK).catch(() => undefined);
  }
}

/**
 * Starts the real server the way a newcomer does (`node scripts/start.js`, which builds when stale),
 * detached in its own process group, on a free port of 127.0.0.1 with a fresh data dir; `seed` may
 * write into the data dir before the server starts (test/support/seed-show.ts), `env` adds settings (given the base URL). `restart` stops the
 * process and starts a new one on the same port and data dir (as test/e2e/restart.test.ts does in process).
 */
export async function startApp(
  options: { seed?: (dataDir: string) => Promise<unknown>; env?: (baseUrl: string) => Record<string, string> } = {},
): Promise<RunningApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-browser-data-'));
  // A seed writes its log as an older release did and migrates it (test/support/seed-show.ts): it needs
  // the unmigrated store a first start makes; without one, a migrated store is copied
  // (test/support/embedded-cluster.ts).
  if (options.seed) await options.seed(dataDir);
  else await seedEmptyCluster(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let printed = '';
  let child: ChildProcess | null = null;

  const launch = async () => {
    const started: ChildProcess = spawn(process.execPath, ['scripts/start.js'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        JWT_SECRET: 'browser-test-secret-at-least-32-bytes-long',
        NODE_OPTIONS: '',
        ...options.env?.(baseUrl),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await withStartLock(async () => {
      const deadline = Date.now() + STARTUP_TIMEOUT_MS;
      while (!(await answersHealth(baseUrl))) {
        if (started.exitCode !== null) throw new Error(`scripts/start.js exited with ${started.exitCode}:\n${printed}`);
        if (Date.now() > deadline) throw new Error(`no /api/health after ${STARTUP_TIMEOUT_MS} ms:\n${printed}`);
        await pause(100);
      }
    });
  };

  /** Stops the whole process group and waits until the port no longer answers. */
  const halt = async () => {
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null && running.pid !== undefined) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      try {
        process.kill(-running.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await exited;
    }
    while (await answersHealth(baseUrl)) await pause(100);
  };

  const stop = async () => {
    await halt();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await launch();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    output: () => printed,
    stop,
    restart: async () => {
      await halt();
      await launch();
    },
  };
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** JSON over HTTP with an optional Bearer token. */
export async function callApi(
  baseUrl: string,
  method: string,
  apiPath: string,
  body?: unknown,
  token?: string,
): Promise<ApiAnswer> {
  const response = await fetch(`${baseUrl}${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { text };
  }
  return {
    status: response.status,
    body: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { value: parsed },
  };
}

/** Creates a quiz over HTTP with a token of an admin or moderator; the quiz's id. */
export async function createQuizOverHttp(
  baseUrl: string,
  token: string,
  quiz: { name: string; yearWeek: string; content: object[] },
): Promise<string> {
  const created = await callApi(baseUrl, 'POST', '/api/quizzes', quiz, token);
  expect(created.status).toBe(201);
  return String((created.body.data as Record<string, unknown>).id);
}

export async function loginOverHttp(baseUrl: string, username: string, password: string): Promise<string> {
  const { status, body } = await callApi(baseUrl, 'POST', '/api/token-auth/', { username, password });
  if (status !== 200 || typeof body.token !== 'string')
    throw new Error(`login ${username} failed: ${status} ${JSON.stringify(body)}`);
  return body.token;
}
