import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Role } from '../../../events';
import { loadConfig } from '../../../src/config';
import { nameBasedUuid } from '../../../src/store/event-ids';
import { RunningServer, startServer, StartOptions } from '../../../src/server';
import { seedEmptyCluster } from '../../support/embedded-cluster';
import { testDatabaseUrl, type TestDatabaseUrl } from '../../support/test-database';

export const ADMIN_PASSWORD = 'admin-passwort-für-tests';
/** 32 bytes or more: shorter secrets are refused at the start (src/config.ts). */
export const E2E_JWT_SECRET = 'e2e-secret-of-the-end-to-end-tests';

export interface TestServer {
  server: RunningServer;
  url: string;
  wsUrl: string;
  dataDir: string;
  /** The server's own Postgres database when DATABASE_URL is set (see test/support/test-database.ts), else null: the embedded store in dataDir. */
  databaseUrl: string | null;
  /** Stops the server; the data dir (and database) stays for a restart. */
  stop(): Promise<void>;
  /** Starts a new server on the same data (a restart). */
  restart(): Promise<TestServer>;
  /** Stops and deletes the data. */
  destroy(): Promise<void>;
}

/**
 * A real server in a fresh temporary directory, on a free port; `env` adds settings. Its store is the
 * embedded one, or, when DATABASE_URL is set, a fresh Postgres database of its own (test files run in
 * parallel and read whole logs), dropped by `destroy`.
 */
export async function startTestServer(
  options: StartOptions = {},
  dataDir?: string,
  env: Record<string, string> = {},
  database?: TestDatabaseUrl,
): Promise<TestServer> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'quiz-e2e-')));
  const db =
    database ?? (env.DATABASE_URL ? { url: env.DATABASE_URL, drop: async () => undefined } : await testDatabaseUrl());
  if (dataDir === undefined && !db.url) await seedEmptyCluster(dir); // a new embedded store, copied (test/support/embedded-cluster.ts)
  let server: RunningServer;
  try {
    server = await startServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        ADMIN_PASSWORD,
        JWT_SECRET: E2E_JWT_SECRET,
        ...(db.url ? { DATABASE_URL: db.url } : {}),
        ...env,
      }),
      { logger: false, ...options },
    );
  } catch (error) {
    if (!database) await db.drop();
    throw error;
  }
  let stopped = false;
  const stop = async () => {
    if (!stopped) await server.close();
    stopped = true;
  };
  return {
    server,
    url: server.url,
    wsUrl: server.url.replace('http', 'ws') + '/ws',
    dataDir: dir,
    databaseUrl: db.url,
    stop,
    restart: async () => {
      await stop();
      return startTestServer(options, dir, env, db);
    },
    destroy: async () => {
      await stop();
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** JSON over HTTP with an optional Bearer token. */
export async function api(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const { status, body } = await api(base, 'POST', '/api/token-auth/', { username, password });
  if (status !== 200) throw new Error(`login ${username} failed: ${status} ${JSON.stringify(body)}`);
  return body.token as string;
}

/** Registers a user and logs in: returns the token and the user id. */
export async function registerAndLogin(
  base: string,
  login_: string,
  password = 'passwort123',
): Promise<{ token: string; userId: string }> {
  const registered = await api(base, 'POST', '/api/users', {
    data: { type: 'users', attributes: { login: login_, name: login_, newPassword: password } },
  });
  if (registered.status !== 201)
    throw new Error(`register ${login_} failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { token: await login(base, login_, password), userId: registered.body.data.id as string };
}

/** A user with roles, written as the first admin is: through the store (no role administration exists yet). */
export async function seedUserWithRoles(
  env: TestServer,
  loginName: string,
  roles: Role[],
): Promise<{ token: string; userId: string }> {
  const userId = randomUUID();
  const { hasher, secrets } = env.server.runtime;
  await secrets.credentials.create(userId, loginName, await hasher.hash('passwort'));
  const commandId = `seed:${userId}`;
  const { position } = await env.server.storage.events.append(
    `user-${userId}`,
    [
      {
        id: nameBasedUuid(commandId, 0),
        type: 'UserRegistered',
        data: { userId, login: loginName, name: loginName, email: null, roles },
        metadata: {
          eventId: nameBasedUuid(commandId, 0),
          commandId,
          actor: { userId: null, roles: [] },
          recordedAt: Date.now(),
          version: 1,
        },
      },
    ],
    'no_stream',
  );
  await env.server.runtime.engine.live.waitFor(position);
  return { token: await login(env.url, loginName, 'passwort'), userId };
}
