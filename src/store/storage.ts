import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { EventStore } from './event-store';
import { PgliteDatabase } from './sql/pglite-database';
import { PostgresDatabase } from './sql/postgres-database';
import type { SqlDatabase } from './sql/sql-database';
import { SqlEventStore } from './sql/sql-event-store';

/**
 * The server's storage: the event log (the only truth) and the SQL database of the write side's
 * secrets and the read projections. Without configuration both live in one embedded PGlite in DATA_DIR.
 */
export interface Storage {
  events: EventStore;
  sql: SqlDatabase;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** How often the SQL store's subscriptions look for new events when no notification woke them (default 500 ms). */
  pollIntervalMs?: number;
  /** Whether they are woken by the database's notifications (default true); without, polling alone finds new events. */
  listen?: boolean;
}

export async function openStorage(config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'eventStoreUrl'>, options: StorageOptions = {}): Promise<Storage> {
  const sql = config.databaseUrl ? await PostgresDatabase.open(config.databaseUrl) : await openEmbedded(config.dataDir);
  const events = config.eventStoreUrl ? await openEventStoreDb(config.eventStoreUrl) : await SqlEventStore.open(sql, options);
  return {
    events,
    sql,
    async close() {
      await events.close();
      await sql.close();
    },
  };
}

async function openEmbedded(dataDir: string): Promise<SqlDatabase> {
  const dir = path.join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return PgliteDatabase.open(dir);
}

async function openEventStoreDb(url: string): Promise<EventStore> {
  // Loaded only when configured: the gRPC client is not needed by the default setup.
  const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
  return EventStoreDbEventStore.connect(url);
}
