import type { QuizShowEvent } from '../../events';
import { decodeEvent } from '../../events/codec';
import { ALL_PROJECTORS, ProjectionRunner, projectionLag, resetProjections } from '../../projections/read';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { knownNight } from './known-night';
import {
  appendEvents,
  checkpoints,
  clean,
  DATABASES,
  EventFactory,
  recordedNightEvents,
  snapshot,
  type TestDatabase,
} from './support';

/** The known and the recorded night, and the events the projectors read that neither holds. */
function everyKindRead(): QuizShowEvent[] {
  const f = new EventFactory();
  return [
    ...knownNight().events,
    ...recordedNightEvents(),
    f.make('UserRolesChanged', {
      userId: 'u2',
      roles: ['moderator'],
      previousRoles: [],
      changedBy: { kind: 'console', account: 'root' },
    }),
    f.make('TeamMemberRemoved', { teamId: 't3', userId: 'u3', by: 'mod' }),
    f.make('GreetingHidden', { greetingId: 'g1', by: 'mod' }),
    f.make('UserErased', { userId: 'u1', by: 'u1' }),
    f.make('LiveStateReset', { endedNightId: null }),
  ];
}

/** Counts the transactions the database opens. */
function countingTransactions(db: SqlDatabase): { db: SqlDatabase; count: () => number } {
  let count = 0;
  const counted: SqlDatabase = Object.create(db) as SqlDatabase;
  counted.transaction = (work) => {
    count++;
    return db.transaction(work);
  };
  return { db: counted, count: () => count };
}

describe.each(DATABASES)('projectors read only the event types they name, on %s', (_kind, open) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await clean(t);
  });

  it('given every kind of event, when each projector gets all of them or only its types, then the tables are the same', async () => {
    const events = everyKindRead();
    const last = await appendEvents(t.store, events);
    const runner = await ProjectionRunner.start(t.db, t.store, ALL_PROJECTORS);
    await runner.waitFor(last);
    await runner.stop();
    const filtered = await snapshot(t.db);

    await resetProjections(t.db, ALL_PROJECTORS);
    const stored = (await t.store.readAll()).map((e) => ({ position: e.position, event: decodeEvent(e) }));
    await t.db.transaction(async (tx) => {
      for (const projector of ALL_PROJECTORS) await projector.apply(tx, stored);
    });
    expect(await snapshot(t.db)).toEqual(filtered);
  });

  it('given a batch of events no projector reads, then it costs no transaction, counts as applied, and the checkpoints move over it at stop', async () => {
    const f = new EventFactory();
    const read = await appendEvents(t.store, [
      f.make('GreetingSubmitted', { greetingId: 'g1', name: 'Oma', message: 'Hallo' }),
    ]);
    const { db, count } = countingTransactions(t.db);
    const runner = await ProjectionRunner.start(db, t.store, ALL_PROJECTORS);
    await runner.waitFor(read);
    const before = count();
    const last = await appendEvents(t.store, [
      f.make('MaintenanceStarted', { recheckAt: 0 }),
      f.make('MaintenanceEnded', {}),
    ]);
    await runner.waitFor(last);
    expect(count()).toBe(before);
    expect((await checkpoints(t.db)).map((c) => Number(c.position))).toEqual(ALL_PROJECTORS.map(() => read));
    expect((await projectionLag(t.db, t.store, ALL_PROJECTORS, undefined, runner)).map((l) => l.lag)).toEqual(
      ALL_PROJECTORS.map(() => 0),
    );

    await runner.stop();
    expect((await checkpoints(t.db)).map((c) => Number(c.position))).toEqual(ALL_PROJECTORS.map(() => last));
  });
});
