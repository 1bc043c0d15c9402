import { EventStoreDbEventStore } from '../../src/store/eventstoredb/eventstoredb-event-store';
import { describeEventStoreContract } from './event-store.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract(
    'KurrentDB (EventStoreDB)',
    async () => {
      // The server keeps what earlier runs wrote: the store sees only its own fresh stream prefix.
      const store = await EventStoreDbEventStore.connectIsolated(url);
      return { store, openAnother: () => store.openAnother() };
    },
    async (harness) => {
      await harness.store.close();
    },
    { secondInstance: true },
  );
} else {
  console.log(
    'KurrentDB (EventStoreDB) contract suite skipped: EVENTSTORE_URL is not set (e.g. kurrentdb://localhost:2113?tls=false, see docker-compose.yml).',
  );
  describe.skip('EventStore contract: EventStoreDB (EVENTSTORE_URL not set)', () => {
    it('runs when EVENTSTORE_URL is set', () => undefined);
  });
}
