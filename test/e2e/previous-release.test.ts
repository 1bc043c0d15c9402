import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_PROJECTORS } from '../../projections/read';
import { appliedMigrations } from '../../src/store/sql/migrate';
import { MIGRATIONS } from '../../src/store/sql/migrations';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';
import { login, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

/**
 * A database as release 0.10 left it (test/fixtures/release-0.10.sql: schema and data, recorded by
 * that release's code), loaded into the embedded store, or a fresh Postgres database with
 * DATABASE_URL; today's server starts on it.
 */
describe('a database of the previous release (0.10)', () => {
  let dataDir: string;
  let database: TestDatabaseUrl;
  let env: TestServer | null = null;
  let fixtureEvents: Array<{ position: number; event_id: string }>;
  let fixtureData: Map<string, { type: string; data: Record<string, unknown> }>;

  /** The fixture's database, opened by the test itself (the server is stopped meanwhile). */
  const openDirectly = async (): Promise<SqlDatabase> =>
    database.url ? PostgresDatabase.open(database.url) : PgliteDatabase.open(path.join(dataDir, 'pglite'));
  const dataOf = async (db: SqlDatabase) =>
    new Map(
      (
        await db.query<{ event_id: string; type: string; data: Record<string, unknown> }>(
          'SELECT event_id::text AS event_id, type, data FROM events',
        )
      ).map((r) => [r.event_id, { type: r.type, data: r.data }]),
    );
  const eventsOf = (db: SqlDatabase) =>
    db.query<{ position: number; event_id: string }>(
      'SELECT position, event_id::text AS event_id FROM events ORDER BY position',
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-previous-release-'));
    database = await testDatabaseUrl();
    const db = await openDirectly();
    try {
      await db.exec(readFileSync(path.join(__dirname, '..', 'fixtures', 'release-0.10.sql'), 'utf8'));
      fixtureEvents = await eventsOf(db);
      fixtureData = await dataOf(db);
      const [migrationTable] = await db.query<{ present: boolean }>(
        "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
      );
      expect(migrationTable!.present).toBe(false); // the release before migrations
    } finally {
      await db.close();
    }
    expect(fixtureEvents.length).toBeGreaterThan(10);
  });

  afterAll(async () => {
    await env?.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("given the previous release's tables without a migration table, when today's server starts, then migration 1 is recorded as the baseline and every event is kept", async () => {
    env = await startTestServer({}, dataDir, {}, database);
    expect(env.server.storage.migrated.map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect((await appliedMigrations(env.server.storage.sql)).map((m) => m.version)).toEqual(
      MIGRATIONS.map((m) => m.version),
    );
    expect(await eventsOf(env.server.storage.sql)).toEqual(fixtureEvents);
    expect(env.server.runtime.engine.live.position).toBe(fixtureEvents.at(-1)!.position);
  });

  it('then the live state serves the recorded user and team, and the read projections are kept at their version without a rebuild', async () => {
    const token = await login(env!.url, 'anna', 'anna-passwort');
    const anna = await WsClient.open(env!.wsUrl, token);
    try {
      const team = await anna.until((v) => v.team?.name === 'Die Füchse' && v.team);
      expect(
        Object.values(team.members as Record<string, { name: string }>)
          .map((m) => m.name)
          .sort(),
      ).toEqual(['anna', 'ben']);
    } finally {
      await anna.close();
    }
    const versions = await env!.server.storage.sql.query<{ projector: string; version: number }>(
      'SELECT projector, version FROM read_projection_versions ORDER BY projector',
    );
    expect(versions).toEqual(
      ALL_PROJECTORS.map((p) => ({ projector: p.name, version: 1 })).sort((a, b) =>
        a.projector.localeCompare(b.projector),
      ),
    );
    expect(env!.server.runtime.readModels.rebuilding()).toEqual([]);
    const [users] = await env!.server.storage.sql.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM read_users WHERE login IN ('anna', 'ben')",
    );
    expect(users!.count).toBe(2);
  });

  it('then the personal fields left the log for the vault, and every event reads back as it was recorded', async () => {
    const stored = await dataOf(env!.server.storage.sql);
    const named = [...stored.values()].filter(
      ({ type, data }) =>
        (type === 'UserRegistered' && ('login' in data || 'email' in data || 'name' in data)) ||
        (type === 'LobbyChatMessagePosted' && 'name' in data),
    );
    expect(named).toEqual([]);
    expect(
      [...fixtureData.values()].filter((e) => e.type === 'UserRegistered' && e.data.login === 'anna'),
    ).toHaveLength(1);
    const read = await env!.server.storage.events.readAll();
    expect(read).toHaveLength(fixtureData.size);
    for (const event of read) {
      const { name: _copied, ...recorded } = fixtureData.get(event.id)!.data;
      // Version 1 lobby lines copied the author's name, which the fold now takes from the user (dropped by the migration).
      expect(event.data).toEqual(event.type === 'LobbyChatMessagePosted' ? recorded : fixtureData.get(event.id)!.data);
    }
  });

  it('when the server starts a second time, then no migration is applied and the log is unchanged', async () => {
    const before = await appliedMigrations(env!.server.storage.sql);
    env = await env!.restart();
    expect(env.server.storage.migrated).toEqual([]);
    expect(await appliedMigrations(env.server.storage.sql)).toEqual(before);
    expect(await eventsOf(env.server.storage.sql)).toEqual(fixtureEvents);
  });
});
