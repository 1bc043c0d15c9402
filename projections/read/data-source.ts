import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { READ_ENTITIES } from './entities';
import type { ReadSqlDatabase } from './sql';
import { READ_MODEL_SCHEMA_LOCK, sqlDatabaseDriver } from './typeorm-driver';

/**
 * The read models' TypeORM DataSource on the server's own database (PGlite or Postgres), through
 * the driver adapter. Its schema comes from the entities: `synchronize` creates or alters the
 * read_* tables (disposable: a projection is rebuilt from the log after its entity changed).
 */
export async function openReadDataSource(
  db: ReadSqlDatabase,
  options: { synchronize?: boolean } = {},
): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    driver: sqlDatabaseDriver(db),
    entities: READ_ENTITIES,
    installExtensions: false,
    synchronize: false,
    logging: false,
  });
  await dataSource.initialize();
  if (options.synchronize ?? true) await synchronizeIfChanged(db, dataSource);
  return dataSource;
}

/** Where the fingerprint of the read schema last synchronized is kept. */
const FINGERPRINT_TABLE = 'read_schema_fingerprint';

/**
 * TypeORM's synchronize first reads the whole schema through information_schema: on PGlite that was
 * most of a restart's start-up (1.2-2.5 s measured on the 2-core machine under load), although the
 * entities rarely change. So it runs only when the entities' schema (its fingerprint) differs from
 * the one last synchronized, or their tables or columns are not all there (dropped by hand).
 */
async function synchronizeIfChanged(db: ReadSqlDatabase, dataSource: DataSource): Promise<void> {
  const fingerprint = schemaFingerprint(dataSource);
  const tables = dataSource.entityMetadatas.map((m) => m.tableName);
  const columns = dataSource.entityMetadatas.reduce((sum, m) => sum + m.columns.length, 0);
  const upToDate = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [READ_MODEL_SCHEMA_LOCK]); // two processes starting at once
    await tx.query(
      `CREATE TABLE IF NOT EXISTS ${FINGERPRINT_TABLE} (id integer PRIMARY KEY, fingerprint text NOT NULL)`,
    );
    const [row] = await tx.query<{ fingerprint: string; present: number; columns: number }>(
      `SELECT fingerprint,
         (SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = ANY($1::text[]))::int AS present,
         (SELECT count(*) FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1::text[]) AND a.attnum > 0 AND NOT a.attisdropped)::int AS columns
       FROM ${FINGERPRINT_TABLE} WHERE id = 1`,
      [tables],
    );
    return row?.fingerprint === fingerprint && row.present === tables.length && row.columns === columns;
  });
  if (upToDate) return;
  await dataSource.synchronize();
  await db.query(
    `INSERT INTO ${FINGERPRINT_TABLE} (id, fingerprint) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint`,
    [fingerprint],
  );
}

/** A hash of everything synchronize derives the schema from: tables, columns, indices, keys and checks of the entities. */
function schemaFingerprint(dataSource: DataSource): string {
  const tables = dataSource.entityMetadatas
    .map((m) => ({
      table: m.tablePath,
      columns: m.columns.map((c) => [
        c.databaseName,
        dataSource.driver.normalizeType(c),
        c.length,
        c.precision,
        c.scale,
        c.isNullable,
        c.isPrimary,
        c.isGenerated,
        c.generationStrategy,
        c.isArray,
        String(typeof c.default === 'function' ? c.default() : c.default),
        c.enum,
      ]),
      indices: m.indices.map((i) => [i.name, i.columns.map((c) => c.databaseName), i.isUnique, i.where]),
      uniques: m.uniques.map((u) => [u.name, u.columns.map((c) => c.databaseName)]),
      foreignKeys: m.foreignKeys.map((f) => [
        f.name,
        f.columnNames,
        f.referencedTablePath,
        f.referencedColumnNames,
        f.onDelete,
      ]),
      checks: m.checks.map((c) => [c.name, c.expression]),
    }))
    .sort((a, b) => (a.table < b.table ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(tables)).digest('hex');
}
