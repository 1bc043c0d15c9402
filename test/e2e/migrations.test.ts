import { appliedMigrations, migrateWriteSide } from '../../src/store/sql/migrate';
import { MIGRATIONS, type Migration } from '../../src/store/sql/migrations';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';

/** The write side's migrations on a fresh database: PGlite, or Postgres with DATABASE_URL. */
describe('write-side migrations', () => {
  let database: TestSqlDatabase;
  let db: SqlDatabase;

  beforeEach(async () => {
    database = await openTestSqlDatabase();
    db = database.db;
  });
  afterEach(() => database.close());

  const tables = async () =>
    (
      await db.query<{ name: string }>(
        'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
      )
    ).map((r) => r.name);

  const known = MIGRATIONS.map(({ version, name }) => ({ version, name }));
  const versions = MIGRATIONS.map((m) => m.version);
  const NEXT = MIGRATIONS.length + 1;

  /** A later migration as the next one will look: a new table filled from the log, in the migration's transaction. */
  const copyLogins: Migration = {
    version: NEXT,
    name: 'logins beside the log',
    up: async (sql) => {
      await sql.query('CREATE TABLE logins (user_id text PRIMARY KEY, login text NOT NULL)');
      await sql.query(
        "INSERT INTO logins SELECT data->>'userId', data->>'login' FROM events WHERE type = 'UserRegistered'",
      );
    },
  };

  it('given a fresh database, when migrated twice, then the first creates every write-side table and records it, the second applies nothing', async () => {
    expect(await migrateWriteSide(db)).toEqual(known);
    expect(known[0]).toEqual({ version: 1, name: 'schema of release 0.10' });
    expect(await tables()).toEqual([
      'append_budget',
      'credentials',
      'erased_users',
      'events',
      'limit_counters',
      'live_snapshots',
      'login_failures',
      'one_time_tokens',
      'personal_data',
      'presence_instances',
      'presence_users',
      'schema_migrations',
      'team_passwords',
      'upload_reservations',
      'upload_usage',
    ]);
    expect(await migrateWriteSide(db)).toEqual([]);
    expect((await appliedMigrations(db)).map((m) => m.version)).toEqual(versions);
  });

  it('given two processes starting at once, then each migration is applied once', async () => {
    const other: SqlDatabase = database.url ? await PostgresDatabase.open(database.url) : db;
    try {
      const [a, b] = await Promise.all([migrateWriteSide(db), migrateWriteSide(other)]);
      expect([...a, ...b].map((m) => m.version)).toEqual(versions);
    } finally {
      if (other !== db) await other.close();
    }
  });

  it('given a new migration that moves data, when a start applies it, then its table holds the data and the version is recorded', async () => {
    await migrateWriteSide(db);
    await db.query(
      `INSERT INTO events (position, stream_id, revision, event_id, type, data, metadata)
       VALUES (1, 'user-u1', 0, '00000000-0000-4000-8000-000000000001', 'UserRegistered', '{"userId": "u1", "login": "anna"}', '{}')`,
    );
    expect(await migrateWriteSide(db, [...MIGRATIONS, copyLogins])).toEqual([
      { version: NEXT, name: 'logins beside the log' },
    ]);
    expect(await db.query('SELECT user_id, login FROM logins')).toEqual([{ user_id: 'u1', login: 'anna' }]);
    expect((await appliedMigrations(db)).map((m) => m.version)).toEqual([...versions, NEXT]);
  });

  it('given a migration that fails, then nothing of that start stays: no table, no record, and the next start tries again', async () => {
    const failing: Migration = {
      version: NEXT,
      name: 'fails',
      up: async (sql) => {
        await sql.query('CREATE TABLE half_done (id integer)');
        await sql.query('SELECT no_such_column FROM events');
      },
    };
    await expect(migrateWriteSide(db, [...MIGRATIONS, failing])).rejects.toThrow(/no_such_column/);
    expect(await tables()).toEqual([]);
    expect(await migrateWriteSide(db, [...MIGRATIONS, copyLogins])).toHaveLength(NEXT);
  });

  it('given a database a newer release migrated, when this release starts on it, then it refuses with the reason', async () => {
    await migrateWriteSide(db, [...MIGRATIONS, copyLogins]);
    await expect(migrateWriteSide(db)).rejects.toThrow(
      `Die Datenbank hat Schema-Version ${NEXT}, dieser Stand kennt nur bis ${MIGRATIONS.length}: bitte den neueren Stand starten.`,
    );
  });

  it('given a list whose versions do not count up from 1, then it is refused before the database is touched', async () => {
    await expect(migrateWriteSide(db, [{ ...copyLogins, version: 3 }])).rejects.toThrow('expected 1');
    expect(await tables()).toEqual([]);
  });
});
