import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite-template';
import type { SqlDatabase, SqlSession } from './sql-database';

/**
 * The embedded default: Postgres compiled to WASM, in process. One PGlite instance is single-user:
 * its queries and transactions run one at a time, which is why the whole process shares one instance.
 */
export class PgliteDatabase implements SqlDatabase {
  readonly kind = 'embedded' as const;

  private constructor(private readonly db: PGlite) {}

  /** Opens (or creates) the database in `dataDir`; without a directory it lives in memory. */
  static async open(dataDir?: string): Promise<PgliteDatabase> {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await createPglite(PGlite, dataDir);
    return new PgliteDatabase(db);
  }

  async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
    const result = await this.db.query<Row>(sql, params);
    return result.rows;
  }

  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work({
        query: async <Row>(sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows,
      }),
    );
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const unlisten = await this.db.listen(channel, onNotify);
    return () => unlisten();
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
