import { evolve, initialState } from '../../projections/live';
import { LiveStateService } from '../../src/engine/live-state';
import { toStored } from '../../src/engine/stored-events';
import { nameBasedUuid } from '../../src/store/event-ids';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';
import { q, showWithQuestion } from '../unit/support/fixtures';

/** The live state of a process is the fold of the store's subscription, whatever the batches (PGlite, or Postgres with DATABASE_URL). */
describe('live state from the store', () => {
  let database: TestSqlDatabase;
  let store: SqlEventStore;

  beforeAll(async () => {
    database = await openTestSqlDatabase();
    store = await SqlEventStore.open(database.db);
  });

  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('given a night in the store with an event no engine version can fold in the middle of it, when a process starts, then it holds the state of the other events and keeps folding new ones', async () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddProposal', message: 'vorher' }, s.world.as(s.anna));
    const before = s.world.log.length;
    const stored = s.world.log.map((e, i) => ({ ...toStored(e), id: nameBasedUuid(e.metadata.eventId, i) }));
    await store.append('night-a', stored, 'any');
    await store.append(
      'night-a',
      [{ id: nameBasedUuid('future', 0), type: 'ProposalAdded', data: {}, metadata: { version: 99 } }],
      'any',
    );

    const live = new LiveStateService(store);
    await live.start();
    try {
      const expected = s.world.log.reduce(evolve, initialState);
      // The store's JSON column keeps no key order, hence a comparison by content.
      expect(JSON.parse(JSON.stringify(live.state))).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(live.state.version).toBe(before);

      const [next] = s.world.must({ type: 'AddProposal', message: 'nachher' }, s.world.as(s.anna));
      const position = await store.append(
        'night-a',
        [{ ...toStored(next!), id: nameBasedUuid(next!.metadata.eventId, 1) }],
        'any',
      );
      await live.waitFor(position.position);
      expect(JSON.stringify(live.state.plays.get(s.teamA)!.proposals.map((p) => p.message))).toBe(
        '["vorher","nachher"]',
      );
    } finally {
      await live.stop();
    }
  });
});
