import type { Projector } from './projector';
import type { ReadSqlDatabase, ReadSqlSession } from './sql';
import { READ_MODEL_SCHEMA_LOCK } from './typeorm-driver';

/** A projection whose tables an older (or newer) projector built. */
export interface StaleProjection {
  projector: Projector;
  /** The version that built its tables. */
  stored: number;
}

/**
 * Each projector's version against the one that built its tables (read_projection_versions). What
 * needs no rebuild is recorded on the way: a projection without a row that has applied nothing yet
 * (a fresh database, a new projector) is about to be built by this code; one that has applied events
 * was built before versions existed, by version 1.
 */
export async function staleProjections(
  db: ReadSqlDatabase,
  projectors: readonly Projector[],
): Promise<StaleProjection[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [READ_MODEL_SCHEMA_LOCK]); // two processes starting at once record the same
    const rows = await tx.query<{ projector: string; version: number | null; position: number | string | null }>(
      `SELECT n.name AS projector, v.version, c.position
         FROM unnest($1::text[]) AS n(name)
         LEFT JOIN read_projection_versions v ON v.projector = n.name
         LEFT JOIN read_projector_checkpoints c ON c.projector = n.name`,
      [projectors.map((p) => p.name)],
    );
    const stale: StaleProjection[] = [];
    for (const projector of projectors) {
      const row = rows.find((r) => r.projector === projector.name);
      let stored = row?.version ?? null;
      if (stored === null) {
        stored = Number(row?.position ?? 0) > 0 ? 1 : projector.version;
        await recordVersion(tx, projector.name, stored);
      }
      if (stored !== projector.version) stale.push({ projector, stored });
    }
    return stale;
  });
}

export async function storedVersion(db: ReadSqlSession, name: string, forUpdate = false): Promise<number | null> {
  const [row] = await db.query<{ version: number }>(
    `SELECT version FROM read_projection_versions WHERE projector = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [name],
  );
  return row?.version ?? null;
}

export async function recordVersion(tx: ReadSqlSession, name: string, version: number): Promise<void> {
  await tx.query(
    `INSERT INTO read_projection_versions (projector, version) VALUES ($1, $2)
     ON CONFLICT (projector) DO UPDATE SET version = EXCLUDED.version`,
    [name, version],
  );
}

export async function recordVersions(tx: ReadSqlSession, projectors: readonly Projector[]): Promise<void> {
  for (const projector of projectors) await recordVersion(tx, projector.name, projector.version);
}
