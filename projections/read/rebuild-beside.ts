import { DataSource, getMetadataArgsStorage } from 'typeorm';
import { ProjectorCheckpointRow, READ_ENTITIES } from './entities';
import type { Projector } from './projector';
import { recordVersion, storedVersion } from './projection-versions';
import { ProgressCount, type RebuildProgress } from './rebuild';
import { ProjectionRunner } from './runner';
import type { EventLog, ReadSqlDatabase, ReadSqlSession } from './sql';
import { READ_MODEL_SCHEMA_LOCK, sqlDatabaseDriver } from './typeorm-driver';

export interface RebuildBesideOptions {
  /** Events per batch (default 1000). */
  batchSize?: number;
  /** After each batch of the build; the next batch waits for it. */
  onProgress?: (progress: RebuildProgress) => void | Promise<void>;
  /** Rebuild even when the stored version is this projector's (npm run projections:rebuild). */
  evenIfCurrent?: boolean;
  /** Aborting stops the build; the call then rejects, and the build schema stays for the next try. */
  signal?: AbortSignal;
}

/** `swapped: false`: another process swapped in this version first; this one's build was dropped. */
export interface RebuildOutcome {
  swapped: boolean;
  progress: RebuildProgress;
}

/** The schema a projection is rebuilt in: its own per projector and version, beside the tables in use. */
export function buildSchemaOf(projector: Projector): string {
  return `read_build_${projector.name}_v${projector.version}`;
}

/**
 * Rebuilds one projection while its tables stay in use: the projector folds the whole log into
 * tables of the same names in a schema of their own (statements find them through search_path, so
 * the projector's SQL is the same), and one transaction then drops the tables in use and moves the
 * new ones in, with the checkpoint and the version. A reader sees the old tables, complete, until
 * that commit, and the new ones, complete, after it; never an empty or half-built table.
 *
 * Meanwhile the server's runner goes on feeding the old tables. The swap happens only when the build
 * has reached the old tables' checkpoint (the live checkpoint row is locked for it, so it cannot move
 * on meanwhile); the runner then carries the new tables on from there. A build interrupted (a crash,
 * a stop) resumes from its own checkpoint at the next try. Several processes may build the same
 * projection at once: their runners share the build's checkpoint row as they share the live ones, and
 * the first to swap wins; the others find the version stored.
 */
export async function rebuildBeside(
  db: ReadSqlDatabase,
  log: EventLog,
  projector: Projector,
  options: RebuildBesideOptions = {},
): Promise<RebuildOutcome> {
  const count = new ProgressCount(await log.lastPosition());
  if (!options.evenIfCurrent && (await storedVersion(db, projector.name)) === projector.version)
    return { swapped: false, progress: count.now() };
  const schema = buildSchemaOf(projector);
  await createBuildSchema(db, projector, schema);
  const build = inSchema(db, schema);
  for (;;) {
    const runner = await ProjectionRunner.start(build, log, [projector], {
      batchSize: options.batchSize,
      stopOnError: true,
      onError: () => undefined,
      onBatch: (last, events) => options.onProgress?.(count.batch(last, events)),
    });
    const stop = () => void runner.stop();
    options.signal?.addEventListener('abort', stop);
    try {
      if (options.signal?.aborted) throw new Error('The rebuild was stopped');
      await runner.waitFor(count.now().target);
    } finally {
      options.signal?.removeEventListener('abort', stop);
      await runner.stop();
    }
    const swap = await swapIn(db, projector, schema, options.evenIfCurrent ?? false);
    if (swap.behind === null) return { swapped: swap.swapped, progress: count.now() };
    count.heading(swap.behind);
  }
}

/** The build schema with the projector's tables and a checkpoint table, as TypeORM makes them from the entities. */
async function createBuildSchema(db: ReadSqlDatabase, projector: Projector, schema: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [READ_MODEL_SCHEMA_LOCK]);
    const prefix = `read_build_${projector.name}_v`;
    const leftovers = await tx.query<{ name: string }>(
      'SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE starts_with(nspname, $1) AND nspname <> $2',
      [prefix, schema],
    );
    for (const { name } of leftovers) await tx.query(`DROP SCHEMA ${quoted(name)} CASCADE`); // an older build that never finished
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${quoted(schema)}`);
  });
  const tables = getMetadataArgsStorage().tables;
  const entities = READ_ENTITIES.filter((entity) =>
    projector.tables.includes(tables.find((t) => t.target === entity)?.name ?? ''),
  );
  if (entities.length !== projector.tables.length)
    throw new Error(`The tables of projection "${projector.name}" are not all entities`);
  const dataSource = new DataSource({
    type: 'postgres',
    driver: sqlDatabaseDriver(db),
    schema,
    entities: [...entities, ProjectorCheckpointRow],
    installExtensions: false,
    synchronize: false,
    logging: false,
  });
  await dataSource.initialize();
  try {
    await dataSource.synchronize();
  } finally {
    await dataSource.destroy();
  }
}

/**
 * One transaction: the tables in use give way to the built ones, the checkpoint becomes the build's,
 * the version is recorded and the build schema goes. `behind`: the live tables have applied events
 * the build has not yet (the caller builds up to there and tries again); nothing changed.
 */
async function swapIn(
  db: ReadSqlDatabase,
  projector: Projector,
  schema: string,
  evenIfCurrent: boolean,
): Promise<{ swapped: boolean; behind: number | null }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [READ_MODEL_SCHEMA_LOCK]);
    const live = await checkpointOf(tx, 'read_projector_checkpoints', projector.name); // locked: the runner's next batch waits for the swap
    if (!evenIfCurrent && (await storedVersion(tx, projector.name, true)) === projector.version) {
      await tx.query(`DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`);
      return { swapped: false, behind: null };
    }
    const built = await checkpointOf(tx, `${quoted(schema)}.read_projector_checkpoints`, projector.name); // locked: another process's build batch is done
    if (built < live) return { swapped: false, behind: live };
    const [{ current }] = (await tx.query<{ current: string }>('SELECT current_schema() AS current')) as [
      { current: string },
    ];
    for (const table of projector.tables) {
      await tx.query(`DROP TABLE IF EXISTS ${quoted(current)}.${quoted(table)}`);
      await tx.query(`ALTER TABLE ${quoted(schema)}.${quoted(table)} SET SCHEMA ${quoted(current)}`);
    }
    await tx.query(
      `INSERT INTO read_projector_checkpoints (projector, position) VALUES ($1, $2)
       ON CONFLICT (projector) DO UPDATE SET position = EXCLUDED.position`,
      [projector.name, built],
    );
    await recordVersion(tx, projector.name, projector.version);
    await tx.query(`DROP SCHEMA ${quoted(schema)} CASCADE`);
    return { swapped: true, behind: null };
  });
}

async function checkpointOf(tx: ReadSqlSession, table: string, name: string): Promise<number> {
  const [row] = await tx.query<{ position: number | string }>(
    `SELECT position FROM ${table} WHERE projector = $1 FOR UPDATE`,
    [name],
  );
  return Number(row?.position ?? 0);
}

/** The database with every statement's search_path set to `schema`: the projector's tables and checkpoints there. */
function inSchema(db: ReadSqlDatabase, schema: string): ReadSqlDatabase {
  const enter = (tx: ReadSqlSession) => tx.query(`SET LOCAL search_path TO ${quoted(schema)}`);
  return {
    kind: db.kind,
    query<Row>(sql: string, params?: unknown[]) {
      return db.transaction(async (tx) => {
        await enter(tx);
        return tx.query<Row>(sql, params);
      });
    },
    transaction(work) {
      return db.transaction(async (tx) => {
        await enter(tx);
        return work(tx);
      });
    },
  };
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
