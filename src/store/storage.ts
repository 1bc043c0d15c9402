import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { EventStore } from './event-store';
import { PgliteDatabase } from './sql/pglite-database';
import { PostgresDatabase } from './sql/postgres-database';
import type { SqlDatabase } from './sql/sql-database';
import { SqlEventStore } from './sql/sql-event-store';
import { PersonalDataStore } from './personal-data-store';
import { PersonalDataVault } from './personal-data-vault';
import { migrateWriteSide, type AppliedMigration } from './sql/migrate';
import { backoffMs } from '../../wire/backoff';
import { isUnavailable } from './unavailable';

/**
 * The server's storage: the event log (the only truth) and the SQL database of the write side's
 * secrets and the read projections. Without configuration both live in one embedded PGlite in DATA_DIR.
 */
export interface Storage {
  events: EventStore;
  sql: SqlDatabase;
  /** The personal fields of events, outside the log (docs/decisions/erasure.md). */
  vault: PersonalDataVault;
  /** The write side's migrations this opening applied (none when the database was at the newest version). */
  migrated: AppliedMigration[];
  close(): Promise<void>;
}

export interface StorageOptions {
  /** How often the SQL store's subscriptions look for new events when no notification woke them (default 500 ms). */
  pollIntervalMs?: number;
  /** Whether they are woken by the database's notifications (default true); without, polling alone finds new events. */
  listen?: boolean;
}

export async function openStorage(config: StorageConfig, options: StorageOptions = {}): Promise<Storage> {
  const ownerMigrated =
    config.migrationDatabaseUrl && config.databaseUrl ? await migrateAsOwner(config.migrationDatabaseUrl) : null;
  const sql = config.databaseUrl ? await PostgresDatabase.open(config.databaseUrl) : await openEmbedded(config.dataDir);
  let events: EventStore;
  const vault = new PersonalDataVault(sql);
  let migrated: AppliedMigration[];
  try {
    migrated = ownerMigrated ?? (await migrateWriteSide(sql));
    const log = config.eventStoreUrl
      ? await openEventStoreDb(config.eventStoreUrl)
      : await SqlEventStore.open(sql, options);
    events = new PersonalDataStore(log, vault);
  } catch (error) {
    await sql.close().catch(() => undefined);
    throw error;
  }
  return {
    events,
    sql,
    vault,
    migrated,
    async close() {
      await events.close();
      await sql.close();
    },
  };
}

/**
 * openStorage for the server: a database that is away at the start (restarting, or not up yet after a
 * reboot) is waited for with backoff, each wait reported to `onWait`; a wrong setting (a refused
 * password, an unknown database) and the embedded store's errors still end the start at once.
 */
export async function openStorageWhenReachable(
  config: StorageConfig,
  options: StorageOptions,
  onWait: (error: unknown, waitMs: number) => void,
): Promise<Storage> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await openStorage(config, options);
    } catch (error) {
      if (!config.databaseUrl || !isUnavailable(error)) throw error;
      const waitMs = backoffMs(attempt, Math.random(), { baseMs: 500, capMs: 5000 });
      onWait(error, waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** What openStorage reads of the configuration (MIGRATION_DATABASE_URL only where it is set). */
export type StorageConfig = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'eventStoreUrl'> &
  Partial<Pick<AppConfig, 'migrationDatabaseUrl'>>;

/**
 * The migrations on a connection of the database's owner, closed again: the runtime role (DATABASE_URL)
 * may not create or alter the write side's tables, nor change the log (deploy/postgres-roles.sql).
 */
async function migrateAsOwner(url: string): Promise<AppliedMigration[]> {
  const owner = await PostgresDatabase.open(url);
  try {
    return await migrateWriteSide(owner);
  } finally {
    await owner.close();
  }
}

async function openEmbedded(dataDir: string): Promise<SqlDatabase> {
  const dir = path.join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return PgliteDatabase.open(dir);
}

async function openEventStoreDb(url: string): Promise<EventStore> {
  // Loaded only when configured: the KurrentDB client (an optional dependency, with its gRPC stack) is not needed by the default setup.
  const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store');
  return EventStoreDbEventStore.connect(url);
}
