import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { describeEventStoreContract } from './event-store.contract';
import { openSqlHarness } from './sql-harness';

const url = process.env.DATABASE_URL;

if (url) {
  let db: PostgresDatabase;
  describeEventStoreContract(
    'Postgres',
    async () => {
      db = await PostgresDatabase.open(url);
      return openSqlHarness(db, () => PostgresDatabase.open(url));
    },
    async (harness) => {
      await harness.store.close();
      await db.close();
    },
    { heldTransactions: true, secondInstance: true, rawStatements: true },
  );
} else {
  console.log('Postgres contract suite skipped: DATABASE_URL is not set (.ci/run sets it to a fresh database).');
  describe.skip('EventStore contract: Postgres (DATABASE_URL not set)', () => {
    it('runs when DATABASE_URL is set', () => undefined);
  });
}
