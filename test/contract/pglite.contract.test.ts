import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { describeEventStoreContract } from './event-store.contract';
import { openSqlHarness } from './sql-harness';

let db: PgliteDatabase;

describeEventStoreContract(
  'embedded PGlite',
  async () => {
    db = await PgliteDatabase.open();
    // One PGlite instance per process: the "second store" shares the database, as a second process would share a server.
    return openSqlHarness(db, async () => db);
  },
  async (harness) => {
    await harness.store.close();
    await db.close();
  },
  { heldTransactions: true, secondInstance: true, rawStatements: true },
);
