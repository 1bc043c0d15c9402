import { APPEND_LOCK } from './event-schema';
import { MIGRATIONS, type Migration } from './migrations';
import { SCHEMA_LOCK } from './schema-lock';
import type { SqlDatabase } from './sql-database';

/** Which migrations a database has had, and when. */
export const MIGRATIONS_TABLE = 'schema_migrations';

export interface AppliedMigration {
  version: number;
  name: string;
}

/**
 * Brings the write side's schema to the newest migration (migrations.ts), at every start and before
 * anything else touches the database; a database already there costs one locked read. Everything
 * runs in one transaction under the schema lock: two processes starting at once apply each migration
 * once (the second waits, then finds it recorded), and a migration with its record commits whole or
 * not at all. Resolves to the migrations this call applied.
 */
export async function migrateWriteSide(
  db: SqlDatabase,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<AppliedMigration[]> {
  checkList(migrations);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
      version    integer     PRIMARY KEY,
      name       text        NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`);
    const pending = pendingMigrations(
      migrations,
      rows.map((r) => r.version),
    );
    if (pending.length === 0) return [];
    // A migration may rewrite the log: appends (of instances still running the older release) wait for it.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);
    for (const migration of pending) {
      await migration.up(tx);
      await tx.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    return pending.map(({ version, name }) => ({ version, name }));
  });
}

/** The versions a database has had, oldest first. */
export async function appliedMigrations(db: SqlDatabase): Promise<Array<AppliedMigration & { appliedAt: Date }>> {
  const rows = await db.query<{ version: number; name: string; applied_at: Date | string }>(
    `SELECT version, name, applied_at FROM ${MIGRATIONS_TABLE} ORDER BY version`,
  );
  return rows.map((r) => ({ version: r.version, name: r.name, appliedAt: new Date(r.applied_at) }));
}

/**
 * Those after the newest applied one. A database that has a version this code does not know was
 * migrated by a newer release: starting an older one on it could write what the newer schema forbids.
 */
function pendingMigrations(migrations: readonly Migration[], applied: readonly number[]): Migration[] {
  const newestKnown = migrations[migrations.length - 1]?.version ?? 0;
  const newestApplied = applied[applied.length - 1] ?? 0;
  if (newestApplied > newestKnown) {
    throw new Error(
      `Die Datenbank hat Schema-Version ${newestApplied}, dieser Stand kennt nur bis ${newestKnown}: bitte den neueren Stand starten.`,
    );
  }
  const missing = migrations.filter((m) => m.version < newestApplied && !applied.includes(m.version));
  if (missing.length > 0) {
    throw new Error(
      `Die Datenbank hat Schema-Version ${newestApplied}, aber nicht ${missing.map((m) => m.version).join(', ')}: die Liste der Migrationen wurde nachträglich geändert.`,
    );
  }
  return migrations.filter((m) => m.version > newestApplied);
}

function checkList(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(
        `Migration "${m.name}" has version ${m.version}, expected ${i + 1}: versions count 1, 2, 3, … in list order`,
      );
  });
}
