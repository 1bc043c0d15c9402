/**
 * The owner and runtime roles of deploy/postgres-roles.sql on a fresh database of the machine's
 * Postgres: migrations as the owner (MIGRATION_DATABASE_URL), the show as the runtime role
 * (DATABASE_URL). Roles are cluster-wide: their names are unique to this run, and they are dropped after.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS } from '../../src/store/sql/migrations';
import { freshDatabase } from '../support/fresh-database';
import { describeOnPostgres } from '../support/describe-on-postgres';
import { POSTGRES_URL } from '../support/test-database';
import { ADMIN_PASSWORD, api, startTestServer, type TestServer } from './support/test-server';

const ROLES_SCRIPT = readFileSync(path.join(__dirname, '../../deploy/postgres-roles.sql'), 'utf8');

/** The script as `psql -v name=value …` runs it: `:"name"` an identifier, `:'name'` a literal. */
function withVariables(script: string, variables: Record<string, string>): string {
  return script.replace(/:(["'])(\w+)\1/g, (_, quote: string, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`no value for :${name}`);
    return quote + value.replaceAll(quote, quote + quote) + quote;
  });
}

async function asUser(url: string, work: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

interface Role {
  role: string;
  password: string;
}

/** A fresh database, and an owner and a runtime role of names unique to this run (roles are cluster-wide); `drop` removes all three. */
async function databaseWithRoles() {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  const owner: Role = { role: `quiz_owner_${suffix}`, password: `eigentuemer-${suffix}` };
  const app: Role = { role: `quiz_app_${suffix}`, password: `laufzeit-${suffix}` };
  const database = await freshDatabase(POSTGRES_URL!);
  return {
    owner,
    app,
    superuserUrl: database.url,
    urlOf: (who: Role) =>
      Object.assign(new URL(database.url), { username: who.role, password: who.password }).toString(),
    /** deploy/postgres-roles.sql, as a superuser on the database. */
    makeRoles: () =>
      asUser(database.url, async (client) => {
        const name = new URL(database.url).pathname.slice(1);
        await client.query(
          withVariables(ROLES_SCRIPT, {
            owner_role: owner.role,
            owner_password: owner.password,
            app_role: app.role,
            app_password: app.password,
            database: name,
          }),
        );
      }),
    drop: async () => {
      await database.drop();
      await asUser(POSTGRES_URL!, async (client) => {
        await client.query(`DROP ROLE IF EXISTS ${app.role}`);
        await client.query(`DROP ROLE IF EXISTS ${owner.role}`);
      });
    },
  };
}

/** The runtime role sees the log, cannot change, empty or unguard it; the tables' owners are as the roles script hands them out. */
async function expectGuardedLog(db: Awaited<ReturnType<typeof databaseWithRoles>>): Promise<void> {
  await asUser(db.urlOf(db.app), async (client) => {
    const owners = await client.query<{ tablename: string; tableowner: string }>(
      "SELECT tablename, tableowner FROM pg_tables WHERE schemaname = 'public' AND tablename IN ('events', 'credentials', 'read_users')",
    );
    expect(Object.fromEntries(owners.rows.map((r) => [r.tablename, r.tableowner]))).toEqual({
      events: db.owner.role,
      credentials: db.owner.role,
      read_users: db.app.role,
    });
    expect(Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n)).toBeGreaterThan(
      0,
    );
    await expect(client.query("UPDATE events SET data = '{}'")).rejects.toThrow(/permission denied for table events/);
    await expect(client.query('DELETE FROM events')).rejects.toThrow(/permission denied for table events/);
    await expect(client.query('TRUNCATE events')).rejects.toThrow(/permission denied for table events/);
    await expect(client.query('DROP TRIGGER events_are_forever ON events')).rejects.toThrow(
      /must be owner of (table|relation) events/,
    );
  });
  // Only the owner could drop the trigger, a deliberate act; while it is there, the owner's own UPDATE is refused too.
  await asUser(db.urlOf(db.owner), async (client) => {
    await expect(client.query("UPDATE events SET data = '{}'")).rejects.toThrow(
      /events are never changed or deleted \(UPDATE refused\)/,
    );
  });
}

describeOnPostgres(
  'postgres-roles.test.ts',
  'an owner role that migrates and a runtime role that serves (deploy/postgres-roles.sql)',
  () => {
    let db: Awaited<ReturnType<typeof databaseWithRoles>> | null = null;
    let env: TestServer | null = null;

    afterEach(async () => {
      await env?.destroy();
      await db?.drop();
      env = null;
      db = null;
    });

    it('given both roles on a fresh database, when the show starts with MIGRATION_DATABASE_URL, then the owner migrates, the runtime role serves, and the log refuses it UPDATE, DELETE and TRUNCATE', async () => {
      db = await databaseWithRoles();
      await db.makeRoles();
      env = await startTestServer({}, undefined, {
        DATABASE_URL: db.urlOf(db.app),
        MIGRATION_DATABASE_URL: db.urlOf(db.owner),
      });
      expect(env.server.storage.migrated.map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
      // The show works as the runtime role: the first admin, a registration, a login (read models included).
      expect(
        (await api(env.url, 'POST', '/api/users', { login: 'rollenprobe', newPassword: 'rollen-passwort' })).status,
      ).toBe(201);
      expect(
        (await api(env.url, 'POST', '/api/token-auth/', { username: 'admin', password: ADMIN_PASSWORD })).status,
      ).toBe(200);
      await expectGuardedLog(db);
    });

    it('given a database an earlier start made as the superuser, when the roles script runs, then the tables are handed over and the show goes on as the runtime role with its players', async () => {
      db = await databaseWithRoles();
      const before = await startTestServer({}, undefined, { DATABASE_URL: db.superuserUrl });
      expect(
        (await api(before.url, 'POST', '/api/users', { login: 'stammgast', newPassword: 'stammgast-passwort' })).status,
      ).toBe(201);
      await before.destroy(); // its database stays: destroy drops only the ones a test server made itself
      await db.makeRoles();
      env = await startTestServer({}, undefined, {
        DATABASE_URL: db.urlOf(db.app),
        MIGRATION_DATABASE_URL: db.urlOf(db.owner),
      });
      expect(env.server.storage.migrated).toEqual([]);
      expect(
        (await api(env.url, 'POST', '/api/token-auth/', { username: 'stammgast', password: 'stammgast-passwort' }))
          .status,
      ).toBe(200);
      expect(
        (await api(env.url, 'POST', '/api/users', { login: 'neuling', newPassword: 'neuling-passwort' })).status,
      ).toBe(201);
      await expectGuardedLog(db);
    });
  },
);
