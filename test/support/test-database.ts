import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { freshDatabase } from './fresh-database';

/**
 * The Postgres server the tests use when DATABASE_URL is set (as `.ci/run` does); null: the embedded
 * PGlite. Tests never write into DATABASE_URL's own database: each takes a fresh one on its server.
 */
export const POSTGRES_URL: string | null = process.env.DATABASE_URL?.trim() || null;

/** Where one test's store lives: a database of its own on Postgres (dropped by `drop`), or null for the embedded store. */
export interface TestDatabaseUrl {
  /** The fresh database's URL, or null without DATABASE_URL (the test then uses PGlite). */
  readonly url: string | null;
  drop(): Promise<void>;
}

/** A fresh Postgres database when DATABASE_URL is set, else nothing (the embedded store). */
export async function testDatabaseUrl(): Promise<TestDatabaseUrl> {
  if (!POSTGRES_URL) return { url: null, drop: async () => undefined };
  return freshDatabase(POSTGRES_URL);
}

/** An open SQL database for a test: a fresh Postgres database when DATABASE_URL is set, else an in-memory PGlite. */
export interface TestSqlDatabase {
  readonly db: SqlDatabase;
  /** The Postgres URL of `db`, or null on PGlite. */
  readonly url: string | null;
  /** Closes the connection and drops the database. */
  close(): Promise<void>;
}

export async function openTestSqlDatabase(): Promise<TestSqlDatabase> {
  const database = await testDatabaseUrl();
  const db = database.url ? await PostgresDatabase.open(database.url) : await PgliteDatabase.open();
  return {
    db,
    url: database.url,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * Empties a test's database between its tests: the public schema dropped and made again, as a new
 * database has it (the tests then migrate it). Opening a new in-memory PGlite costs 2-3 s of a core on
 * the loaded 2-core machine; this costs a few milliseconds, with the same empty database for each test.
 */
export async function emptyDatabase(db: SqlDatabase): Promise<void> {
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
}
