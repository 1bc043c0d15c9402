/**
 * A process that keeps losing races still gets its commands through. Here a rival process stores an
 * event in the command's consistency boundary every time the pipeline decides, as a second instance
 * flooding the same night does: every optimistic append conflicts. After the first conflict the
 * pipeline decides again under the store's append lock (EventStore.appendAfter), where no rival can
 * come between its decision and its append. On PGlite (two stores on one database) and, with
 * DATABASE_URL, on a Postgres database of its own (two connection pools: two processes).
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../events';
import { CommandPipeline } from '../../src/engine/command-pipeline';
import { LiveStateService } from '../../src/engine/live-state';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';
import type { EventStore } from '../../src/store/event-store';

const VISITOR: Actor = { userId: null, roles: [] };

describe('a pipeline that loses every optimistic race', () => {
  let database: TestSqlDatabase;
  const opened: SqlDatabase[] = [];
  const stores: SqlEventStore[] = [];
  const lives: LiveStateService[] = [];

  /** A second connection to the same database: a second process on Postgres, the same PGlite otherwise. */
  async function secondConnection(): Promise<SqlDatabase> {
    if (!database.url) return database.db;
    const db = await PostgresDatabase.open(database.url);
    opened.push(db);
    return db;
  }

  async function storeOn(db: SqlDatabase): Promise<SqlEventStore> {
    const store = await SqlEventStore.open(db, { pollIntervalMs: 50 });
    stores.push(store);
    return store;
  }

  beforeAll(async () => {
    database = await openTestSqlDatabase();
  });

  afterAll(async () => {
    await Promise.all(lives.map((l) => l.stop()));
    await Promise.all(stores.map((s) => s.close()));
    await Promise.all(opened.map((db) => db.close()));
    await database.close();
  });

  it('gets every command through, each appended once, however often a rival writes into its boundary while it decides', async () => {
    const rivalStore = await storeOn(await secondConnection());
    const store = await storeOn(database.db);
    const live = new LiveStateService(store);
    lives.push(live);
    await live.start();
    let rivals: Array<Promise<unknown>> = [];
    /** A greeting stored by the rival: an event in the show stream, which every command's boundary holds. */
    const rivalGreeting = () => {
      const id = randomUUID();
      rivals.push(
        rivalStore.append(
          'show',
          [
            {
              id,
              type: 'GreetingSubmitted',
              data: { greetingId: id, name: 'Rivale', message: 'dazwischen' },
              metadata: {
                version: 1,
                eventId: id,
                commandId: `rival-${id}`,
                actor: VISITOR,
                recordedAt: Date.UTC(2026, 10, 21),
              },
            },
          ],
          'any',
        ),
      );
    };
    // The clock is read while deciding: the rival starts its append right then, and the pipeline's own
    // append goes only after it (on Postgres the rival's connection could otherwise lose the race).
    const behindRivals: EventStore = Object.assign(Object.create(store) as SqlEventStore, {
      append: async (...args: Parameters<SqlEventStore['append']>) => {
        await Promise.all(rivals);
        return store.append(...args);
      },
    });
    const pipeline = new CommandPipeline(live, behindRivals, {
      maxAttempts: 3,
      clock: () => (rivalGreeting(), Date.UTC(2026, 10, 21)),
    });

    const outcomes = [];
    for (let n = 0; n < 10; n++)
      outcomes.push(
        await pipeline.submit({ type: 'SubmitGreeting', username: 'Gast', message: `Hallo ${n}` }, VISITOR),
      );
    await Promise.all(rivals);
    rivals = [];

    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    const greetings = (await store.readAll())
      .filter((e) => e.type === 'GreetingSubmitted')
      .map((e) => e.data as { name: string; message: string });
    const ours = greetings.filter((g) => g.name === 'Gast').map((g) => g.message);
    expect(ours).toEqual(Array.from({ length: 10 }, (_, n) => `Hallo ${n}`));
    // Every decision let the rival in: at least one race lost (and decided again) per command.
    expect(greetings.filter((g) => g.name === 'Rivale').length).toBeGreaterThanOrEqual(20);
  });
});
