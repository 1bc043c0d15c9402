import type { EventToAppend } from '../../src/store/event-store';
import { appendInTransaction, SqlEventStore } from '../../src/store/sql/sql-event-store';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import type { ContractHarness } from './event-store.contract';

const ROLLBACK = Symbol('rollback');

/** The contract harness of the SQL adapters (PGlite and Postgres share it). */
export async function openSqlHarness(
  db: SqlDatabase,
  openAnotherDb: () => Promise<SqlDatabase>,
): Promise<ContractHarness> {
  const store = await SqlEventStore.open(db, { pollIntervalMs: 100 });
  return {
    store,
    holdOpenAppend: (streamId, events) => holdOpenAppend(db, streamId, events),
    rawStatement: (statement) => db.query(statement),
    openAnother: async () => {
      const otherDb = await openAnotherDb();
      const other = await SqlEventStore.open(otherDb, { pollIntervalMs: 100 });
      return Object.assign(Object.create(other) as SqlEventStore, {
        close: async () => {
          await other.close();
          if (otherDb !== db) await otherDb.close();
        },
      });
    },
  };
}

/** Appends inside a transaction that stays open until the test commits or rolls it back. */
async function holdOpenAppend(db: SqlDatabase, streamId: string, events: EventToAppend[]) {
  let decide!: (outcome: 'commit' | typeof ROLLBACK) => void;
  const outcome = new Promise<'commit' | typeof ROLLBACK>((resolve) => (decide = resolve));
  let appended!: () => void;
  const isAppended = new Promise<void>((resolve) => (appended = resolve));
  const transaction = db
    .transaction(async (tx) => {
      await appendInTransaction(tx, streamId, events, 'any');
      appended();
      if ((await outcome) === ROLLBACK) throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  await Promise.race([isAppended, transaction]);
  return {
    commit: async () => {
      decide('commit');
      await transaction;
    },
    rollback: async () => {
      decide(ROLLBACK);
      await transaction;
    },
  };
}
