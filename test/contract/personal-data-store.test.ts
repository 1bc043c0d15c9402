import { randomUUID } from 'node:crypto';
import type { EventToAppend, PlannedAppend } from '../../src/store/event-store';
import { PersonalDataStore } from '../../src/store/personal-data-store';
import { PersonalDataVault } from '../../src/store/personal-data-vault';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';

/**
 * The vault's rows on the SQL stores (docs/decisions/erasure.md): written in the transaction of the
 * events they belong to, so the log and the vault commit together or not at all. On Postgres when
 * DATABASE_URL is set (a database of its own), else on the embedded PGlite.
 */
describe(`personal data in the events' transaction (${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'})`, () => {
  let database: TestSqlDatabase;
  let log: SqlEventStore;
  let store: PersonalDataStore;
  let vault: PersonalDataVault;

  beforeAll(async () => {
    database = await openTestSqlDatabase();
    log = await SqlEventStore.open(database.db, { listen: false });
    vault = new PersonalDataVault(database.db);
    store = new PersonalDataStore(log, vault);
    // A fault of the vault's table: a row of this person cannot be written.
    await database.db.query(
      `ALTER TABLE personal_data ADD CONSTRAINT refuses_one_person CHECK (user_id <> '${REFUSED}')`,
    );
  });
  afterAll(async () => {
    await store?.close();
    await database?.close();
  });

  const rowsOf = async (userId: string) =>
    database.db.query<{ event_id: string }>('SELECT event_id FROM personal_data WHERE user_id = $1', [userId]);

  it('given a registration, when it is appended and read back, then the log holds no personal field and the read has them all', async () => {
    const userId = randomUUID();
    const registered = registration(userId, 'Ada');
    await store.append(`user-${userId}`, [registered], 'no_stream');
    const [raw] = await log.readStream(`user-${userId}`);
    expect(raw?.data).toEqual({ userId });
    const [read] = await store.readStream(`user-${userId}`);
    expect(read?.data).toEqual({ userId, login: 'ada', name: 'Ada', email: 'ada@example.de' });
    expect(await rowsOf(userId)).toEqual([{ event_id: registered.id }]);
  });

  it('given a stream at revision 0, when a personal event is appended with expected no_stream (refused), then the vault keeps no row of it', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registration(userId, 'Bea')], 'no_stream');
    const renamed = rename(userId, 'Beatrix');
    await expect(store.append(`user-${userId}`, [renamed], 'no_stream')).rejects.toMatchObject({
      name: 'WrongExpectedRevisionError',
    });
    expect((await vault.get([renamed.id])).size).toBe(0);
    expect(await rowsOf(userId)).toHaveLength(1);
  });

  it('given a registration already stored, when the same append is retried, then it succeeds and the person keeps one row', async () => {
    const userId = randomUUID();
    const registered = registration(userId, 'Cem');
    const first = await store.append(`user-${userId}`, [registered], 'no_stream');
    expect(await store.append(`user-${userId}`, [registered], 'no_stream')).toEqual(first);
    expect(await rowsOf(userId)).toHaveLength(1);
  });

  it('given the vault cannot take a row, when a personal event is appended, then the event is not stored either', async () => {
    await expect(store.append(`user-${REFUSED}`, [registration(REFUSED, 'Dora')], 'any')).rejects.toThrow(
      /refuses_one_person/,
    );
    expect(await log.readStream(`user-${REFUSED}`)).toEqual([]);
  });

  it('given the vault cannot take a row, when a locked append (a conflict’s retry) plans a personal event, then the event is not stored: no reader sees it without its personal fields', async () => {
    const appendAfter = store.appendAfter;
    if (!appendAfter) throw new Error('the SQL store has a locked append');
    const planned: PlannedAppend = {
      streamId: `user-${REFUSED}`,
      events: [registration(REFUSED, 'Dora')],
      expected: 'any',
    };
    await expect(appendAfter(await store.lastPosition(), () => planned)).rejects.toThrow(/refuses_one_person/);
    expect(await log.readStream(`user-${REFUSED}`)).toEqual([]);
    expect(await rowsOf(REFUSED)).toEqual([]);
  });

  it('given a locked append of a personal event, when another reader reads the log right after, then it gets the personal fields (they committed with the event)', async () => {
    const appendAfter = store.appendAfter;
    if (!appendAfter) throw new Error('the SQL store has a locked append');
    const userId = randomUUID();
    const registered = registration(userId, 'Emil');
    await appendAfter(await store.lastPosition(), () => ({
      streamId: `user-${userId}`,
      events: [registered],
      expected: 'no_stream',
    }));
    // Another process's store: nothing of this one's memory of its own appends.
    const reader = new PersonalDataStore(
      await SqlEventStore.open(database.db, { listen: false }),
      new PersonalDataVault(database.db),
    );
    const [read] = await reader.readStream(`user-${userId}`);
    await reader.close();
    expect(read?.data).toMatchObject({ login: 'emil', name: 'Emil' });
  });
});

const REFUSED = 'user-the-vault-refuses';

function registration(userId: string, name: string): EventToAppend {
  return {
    id: randomUUID(),
    type: 'UserRegistered',
    data: { userId, login: name.toLowerCase(), name, email: `${name.toLowerCase()}@example.de` },
  };
}

function rename(userId: string, name: string): EventToAppend {
  return { id: randomUUID(), type: 'UserProfileUpdated', data: { userId, name } };
}
