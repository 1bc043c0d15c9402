import { Client, Pool, types } from 'pg';
import type { SqlDatabase, SqlSession } from './sql-database';

// int8 (positions, counts) as text would leak strings into the domain; our values stay below 2^53.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

/** Arbitrary constant key of the advisory lock that serializes `exec` (schema setup) across processes. */
const SCHEMA_LOCK = 727_103;

/** Postgres through `pg`, used when DATABASE_URL is set. */
export class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgres' as const;

  private constructor(
    private readonly pool: Pool,
    private readonly connectionString: string,
  ) {}

  static async open(connectionString: string): Promise<PostgresDatabase> {
    const pool = new Pool({ connectionString, max: 10 });
    pool.on('error', () => undefined); // an idle client dying is not fatal: the pool replaces it
    await pool.query('SELECT 1');
    return new PostgresDatabase(pool, connectionString);
  }

  async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
    const result = await this.pool.query(sql, params);
    return result.rows as Row[];
  }

  async transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work({
        query: async <Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as Row[],
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Schema setup, one process at a time: two processes starting at once on a fresh database would
   * otherwise race on CREATE TABLE IF NOT EXISTS (both see no table, one fails on the catalog's unique index).
   */
  async exec(sql: string): Promise<void> {
    await this.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await tx.query(sql);
    });
  }

  /** LISTEN needs a connection of its own that stays open; it is not taken from the pool. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('error', () => undefined); // the subscriber's polling carries on without notifications
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    return async () => {
      await client.end().catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
