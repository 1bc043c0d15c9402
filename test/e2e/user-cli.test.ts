import { spawn } from 'node:child_process';
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import { USER_CLI_TEXTS } from '../../src/identity/user-commands';
import { api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { USER_ROLE_COMMAND_TEXTS } from '../../src/commands/user-roles';

const root = path.resolve(__dirname, '../..');
const LAST_ADMIN =
  'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du sie hier entfernst.';

/** Each run opens the embedded database and folds the log: seconds on a loaded machine. */
const CLI_TEST_TIMEOUT_MS = 600_000;

/**
 * `npm run user -- …` as an operator runs it on the server, on the test's (embedded) data dir. The npm
 * script builds the server only when it is stale; `built` runs the built CLI directly (the later calls of a test).
 */
function user(server: TestServer, ...args: string[]): Promise<{ code: number; output: string }> {
  return run(['npm', 'run', '--silent', 'user', '--', ...args], server);
}

function built(server: TestServer, ...args: string[]): Promise<{ code: number; output: string }> {
  return run([process.execPath, path.join(root, 'dist/src/identity/user-cli.js'), ...args], server);
}

/** The CLI on the test server's own storage: its data dir, and its Postgres database when it has one. */
function run([command, ...args]: string[], server: TestServer): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const env = {
      ...process.env,
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl ?? '',
      EVENTSTORE_URL: '',
      NODE_OPTIONS: '',
    };
    const child = spawn(command!, args, { cwd: root, env });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * The first moderator before the show opens: she registers on the web, the operator grants the role on
 * the server's console (server stopped: the embedded database is one process's). The change is the
 * same event an admin's is, through the same rule, and names the console and the OS account.
 */
describe('npm run user: roles from the server console', () => {
  let env: TestServer;

  afterAll(async () => {
    await env?.destroy();
  });

  it(
    'grants, adds and takes roles by login, refuses what the rule refuses, and the server then holds the change',
    async () => {
      env = await startTestServer();
      const erste = await registerAndLogin(env.url, 'Erste');
      await env.stop();

      const listed = await user(env, 'list');
      expect(listed.code).toBe(0);
      expect(listed.output).toMatch(/^admin\s+admin\s+admin, moderator, tester$/m);
      expect(listed.output).toMatch(/^Erste\s+Erste\s+keine$/m);

      expect(await built(env)).toMatchObject({ code: 2, output: expect.stringContaining('Usage: npm run user') });
      expect(await built(env, 'roles', 'erste', 'moderator')).toEqual({
        code: 0,
        output: 'Rollen von Erste: keine → moderator\n',
      });
      expect(await built(env, 'roles', 'ERSTE', 'moderator')).toEqual({
        code: 0,
        output: `${USER_CLI_TEXTS.unchanged('Erste', 'moderator')}\n`,
      });
      expect(await built(env, 'grant', 'erste', 'tester')).toEqual({
        code: 0,
        output: 'Rollen von Erste: moderator → moderator, tester\n',
      });
      expect(await built(env, 'revoke', 'erste', 'moderator')).toEqual({
        code: 0,
        output: 'Rollen von Erste: moderator, tester → tester\n',
      });

      expect(await built(env, 'grant', 'erste', 'chef')).toEqual({
        code: 1,
        output: `${USER_ROLE_COMMAND_TEXTS.unknownRole('chef')}\n`,
      });
      expect(await built(env, 'roles', 'admin', '-')).toEqual({ code: 1, output: `${LAST_ADMIN}\n` });
      expect(await built(env, 'roles', 'niemand', 'tester')).toEqual({
        code: 1,
        output: `${USER_CLI_TEXTS.unknownLogin('niemand')}\n`,
      });

      env = await env.restart();
      const token = await login(env.url, 'erste', 'passwort123');
      const current = await api(env.url, 'GET', '/api/tokens/current', undefined, token);
      expect(current.body.data).toMatchObject({ id: erste.userId, attributes: { perm: ['tester'] } });
      const changes = (await env.server.storage.events.readAll()).filter((e) => e.type === 'UserRolesChanged');
      expect(changes.map((e) => (e.data as { roles: string[] }).roles)).toEqual([
        ['moderator'],
        ['moderator', 'tester'],
        ['tester'],
      ]);
      for (const change of changes) {
        expect(change).toMatchObject({
          streamId: `user-${erste.userId}`,
          data: {
            userId: erste.userId,
            changedBy: { kind: 'console', account: `${userInfo().username}@${hostname()}` },
          },
          metadata: { actor: { userId: null, roles: ['admin'] } },
        });
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
