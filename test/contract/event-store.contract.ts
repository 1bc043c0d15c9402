import { randomUUID } from 'node:crypto';
import {
  BoundaryMovedError,
  EventStore,
  EventToAppend,
  IdempotencyConflictError,
  StoredEvent,
  Subscription,
  WrongExpectedRevisionError,
} from '../../src/store/event-store';

/** What an adapter's test file hands to the contract suite. */
export interface ContractHarness {
  store: EventStore;
  /** Only for SQL adapters: opens a transaction that appends but does not commit yet. */
  holdOpenAppend?: (
    streamId: string,
    events: EventToAppend[],
  ) => Promise<{ commit(): Promise<void>; rollback(): Promise<void> }>;
  /** A second store on the same database/server (another "process"), for cross-process tests. */
  openAnother?: () => Promise<EventStore>;
  /** Only for SQL adapters: runs one statement on the store's database as its migrations left it (the log's own guard, not the adapter's). */
  rawStatement?: (statement: string) => Promise<unknown>;
}

/** One suite, every adapter: the behaviour the rest of the product relies on. */
export function describeEventStoreContract(
  name: string,
  open: () => Promise<ContractHarness>,
  close: (harness: ContractHarness) => Promise<void>,
  features: { heldTransactions?: boolean; secondInstance?: boolean; rawStatements?: boolean } = {},
): void {
  const itWithRawStatements = features.rawStatements ? it : it.skip;
  const itWithHeldTransactions = features.heldTransactions ? it : it.skip;
  const itWithSecondInstance = features.secondInstance ? it : it.skip;
  describe(`EventStore contract: ${name}`, () => {
    let harness: ContractHarness;
    let store: EventStore;
    let run: string; // prefix of this test's streams, so tests never see each other's events
    const subscriptions: Subscription[] = [];

    beforeAll(async () => {
      harness = await open();
      store = harness.store;
    });
    afterAll(async () => {
      if (harness) await close(harness);
    });
    beforeEach(() => {
      run = `t${randomUUID().slice(0, 8)}`;
    });
    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    });

    const stream = (name: string) => `${run}-${name}`;
    const ours = (events: StoredEvent[]) => events.filter((e) => e.streamId.startsWith(`${run}-`));

    /** Subscribes and collects this test's events. */
    function collect(after: number) {
      const seen: StoredEvent[] = [];
      const subscription = store.subscribe((batch) => void seen.push(...ours(batch)), { after });
      subscriptions.push(subscription);
      return { seen, subscription };
    }

    describe('append and read a stream', () => {
      it('given a new stream, when events are appended with no_stream, then they get revisions from 0 and increasing positions', async () => {
        const result = await store.append(
          stream('a'),
          [event('Created', { n: 1 }), event('Renamed', { n: 2 })],
          'no_stream',
        );
        const read = await store.readStream(stream('a'));
        expect(read.map((e) => [e.revision, e.type, e.data])).toEqual([
          [0, 'Created', { n: 1 }],
          [1, 'Renamed', { n: 2 }],
        ]);
        expect(read[1]!.position).toBeGreaterThan(read[0]!.position);
        expect(result).toEqual({ nextExpectedRevision: 1, position: read[1]!.position });
      });

      it('given a stream at revision 1, when appending with expected revision 1, then it goes through', async () => {
        await store.append(stream('a'), [event('A'), event('B')], 'no_stream');
        const result = await store.append(stream('a'), [event('C')], 1);
        expect(result.nextExpectedRevision).toBe(2);
        expect((await store.readStream(stream('a'))).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('given a stream at revision 1, when appending with expected revision 0 or no_stream, then it is refused with the actual revision and nothing is stored', async () => {
        await store.append(stream('a'), [event('A'), event('B')], 'no_stream');
        await expect(store.append(stream('a'), [event('C')], 0)).rejects.toMatchObject({
          name: 'WrongExpectedRevisionError',
          streamId: stream('a'),
          expected: 0,
          actual: 1,
        });
        await expect(store.append(stream('a'), [event('C')], 'no_stream')).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect(await store.readStream(stream('a'))).toHaveLength(2);
      });

      it('given no stream, when appending with an exact revision, then it is refused with actual no_stream', async () => {
        await expect(store.append(stream('none'), [event('A')], 0)).rejects.toMatchObject({ actual: 'no_stream' });
      });

      it('given any, when appending to new and existing streams, then both go through', async () => {
        await store.append(stream('a'), [event('A')], 'any');
        await store.append(stream('a'), [event('B')], 'any');
        expect((await store.readStream(stream('a'))).map((e) => e.revision)).toEqual([0, 1]);
      });

      it('given a batch of 2,500 events (more than one insert statement), when appended, then all are stored in order and a live subscriber gets them all', async () => {
        const start = await store.lastPosition();
        const { seen } = collect(start);
        const batch = Array.from({ length: 2500 }, (_, n) => event('Bulk', { n }));
        const result = await store.append(stream('a'), batch, 'no_stream');
        const read = await store.readStream(stream('a'));
        expect(result).toEqual({ nextExpectedRevision: 2499, position: read[2499]!.position });
        expect(read.map((e) => (e.data as { n: number }).n)).toEqual(batch.map((_, n) => n));
        expect(read.every((e, i) => (i === 0 ? e.position > start : e.position > read[i - 1]!.position))).toBe(true);
        await waitFor(() => seen.length === 2500);
        expect(seen.map((e) => e.revision)).toEqual(batch.map((_, n) => n));
      });

      it('reads a stream from a revision with a limit', async () => {
        await store.append(
          stream('a'),
          ['A', 'B', 'C', 'D'].map((t) => event(t)),
          'no_stream',
        );
        const read = await store.readStream(stream('a'), { fromRevision: 1, limit: 2 });
        expect(read.map((e) => e.type)).toEqual(['B', 'C']);
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store.readStream(stream('unknown'))).toEqual([]);
      });
    });

    describe('concurrency', () => {
      it('given two concurrent appends at the same expected revision, then exactly one wins and the other gets a wrong-expected-revision error', async () => {
        await store.append(stream('race'), [event('Start')], 'no_stream');
        const outcomes = await Promise.allSettled([
          store.append(stream('race'), [event('Left')], 0),
          store.append(stream('race'), [event('Right')], 0),
        ]);
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]!.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(lost[0]!.reason).toMatchObject({ expected: 0, actual: 1 });
        expect(await store.readStream(stream('race'))).toHaveLength(2);
      });

      it('given 10 concurrent writers of 1,000 events each, then a subscriber started before and one started after both see all 10,000 exactly once in the same order', async () => {
        const start = await store.lastPosition();
        const before = collect(start);
        await Promise.all(
          Array.from({ length: 10 }, async (_, writer) => {
            let expected: number | 'no_stream' = 'no_stream';
            for (let batch = 0; batch < 100; batch++) {
              const events = Array.from({ length: 10 }, (_, i) => event('Written', { writer, n: batch * 10 + i }));
              expected = (await store.append(stream(`writer${writer}`), events, expected)).nextExpectedRevision;
            }
          }),
        );
        const after = collect(start);
        await waitFor(() => before.seen.length >= 10_000 && after.seen.length >= 10_000);
        await sleep(200); // anything extra would show up now
        for (const { seen } of [before, after]) {
          expect(seen).toHaveLength(10_000);
          expect(new Set(seen.map((e) => e.id)).size).toBe(10_000);
          expect(isStrictlyIncreasing(seen.map((e) => e.position))).toBe(true);
          for (let writer = 0; writer < 10; writer++) {
            const own = seen.filter((e) => e.streamId === stream(`writer${writer}`));
            expect(own.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
            expect(own.map((e) => e.revision)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
          }
        }
        expect(after.seen.map((e) => e.id)).toEqual(before.seen.map((e) => e.id));
      });

      {
        itWithHeldTransactions(
          'given a transaction held open at position n while n+1 is appended, then a subscriber does not pass n until it commits, and then sees n before n+1',
          async () => {
            const { seen } = collect(await store.lastPosition());
            await store.append(stream('before'), [event('Before')], 'no_stream');
            await waitFor(() => seen.length === 1);
            const held = await harness.holdOpenAppend!(stream('held'), [event('Held')]);
            const later = store.append(stream('later'), [event('Later')], 'no_stream');
            await sleep(300);
            expect(seen.map((e) => e.type)).toEqual(['Before']);
            await held.commit();
            await later;
            await waitFor(() => seen.length === 3);
            expect(seen.map((e) => e.type)).toEqual(['Before', 'Held', 'Later']);
            expect(isStrictlyIncreasing(seen.map((e) => e.position))).toBe(true);
          },
        );

        itWithHeldTransactions(
          'given a transaction held open at position n while n+1 is appended, when it rolls back, then n+1 is still delivered and n never',
          async () => {
            const { seen } = collect(await store.lastPosition());
            const held = await harness.holdOpenAppend!(stream('held'), [event('Held')]);
            const later = store.append(stream('later'), [event('Later')], 'no_stream');
            await sleep(300);
            expect(seen).toEqual([]);
            await held.rollback();
            await later;
            await waitFor(() => seen.length >= 1);
            await sleep(200);
            expect(seen.map((e) => e.type)).toEqual(['Later']);
            expect(await store.readStream(stream('held'))).toEqual([]);
          },
        );
      }
    });

    describe('consistency boundary (append condition)', () => {
      it('given a stream of the boundary moved after the position, when appending elsewhere with that condition, then it is refused and nothing is stored', async () => {
        await store.append(stream('show'), [event('A')], 'no_stream');
        const decidedAt = await store.lastPosition();
        await store.append(stream('show'), [event('B')], 0);
        const condition = { after: decidedAt, streams: [stream('show')] };
        await expect(store.append(stream('night-1'), [event('C')], 'no_stream', condition)).rejects.toMatchObject({
          name: 'BoundaryMovedError',
          movedStream: stream('show'),
          after: decidedAt,
        });
        await expect(store.append(stream('night-1'), [event('C')], 'no_stream', condition)).rejects.toBeInstanceOf(
          BoundaryMovedError,
        );
        expect(await store.readStream(stream('night-1'))).toEqual([]);
      });

      it('given a category pattern, when any stream of the category moved, then the append is refused; streams outside it do not matter', async () => {
        const decidedAt = await store.lastPosition();
        await store.append(stream('other'), [event('Elsewhere')], 'no_stream');
        const condition = { after: decidedAt, streams: [`${stream('night')}-*`, stream('show')] };
        const first = await store.append(stream('show'), [event('Mode')], 'no_stream', condition);
        await store.append(stream('night-b'), [event('QuestionStarted')], 'no_stream');
        const again = { ...condition, after: first.position };
        await expect(store.append(stream('show'), [event('Mode2')], 0, again)).rejects.toMatchObject({
          movedStream: stream('night-b'),
        });
        expect((await store.readStream(stream('show'))).map((e) => e.type)).toEqual(['Mode']);
      });

      it('given a category name with LIKE wildcards, then only streams that really start with it match', async () => {
        const decidedAt = await store.lastPosition();
        await store.append(stream('n_x'), [event('NotMatching')], 'no_stream');
        const condition = { after: decidedAt, streams: [`${stream('n%')}-*`, `${stream('n_')}-*`] };
        await store.append(stream('target'), [event('Goes')], 'no_stream', condition);
        await store.append(stream('n_-1'), [event('Matching')], 'no_stream');
        await expect(store.append(stream('target'), [event('Refused')], 0, condition)).rejects.toMatchObject({
          movedStream: stream('n_-1'),
        });
      });

      it('given a batch stored under a condition, when it is retried after the boundary moved, then the retry succeeds and adds nothing', async () => {
        const decidedAt = await store.lastPosition();
        const batch = [event('A')];
        const condition = { after: decidedAt, streams: [stream('show')] };
        const first = await store.append(stream('night-1'), batch, 'no_stream', condition);
        await store.append(stream('show'), [event('Moved')], 'no_stream');
        expect(await store.append(stream('night-1'), batch, 'no_stream', condition)).toEqual(first);
        expect(await store.readStream(stream('night-1'))).toHaveLength(1);
      });

      it('given a query naming types of a category, when an event of another type moved there, then the append goes through; one of its types refuses it', async () => {
        const decidedAt = await store.lastPosition();
        const condition = {
          after: decidedAt,
          streams: [],
          queries: [{ streams: [`${stream('night')}-*`], types: ['QuestionStarted', 'QuestionEnded'] }],
        };
        await store.append(stream('night-q'), [event('ProposalAdded', { teamId: 't1' })], 'no_stream');
        await store.append(stream('show'), [event('QuestionStarted')], 'any'); // a type of the query, outside its streams
        const first = await store.append(stream('target'), [event('Goes')], 'no_stream', condition);
        await store.append(stream('night-q'), [event('QuestionEnded')], 0);
        await expect(
          store.append(stream('target'), [event('Refused')], 0, { ...condition, after: first.position }),
        ).rejects.toMatchObject({
          name: 'BoundaryMovedError',
          movedStream: stream('night-q'),
        });
        expect((await store.readStream(stream('target'))).map((e) => e.type)).toEqual(['Goes']);
      });

      it("given a query about one team, when another team's event of its types moved, then the append goes through; the team's own refuses it", async () => {
        const decidedAt = await store.lastPosition();
        const condition = {
          after: decidedAt,
          streams: [],
          queries: [{ streams: [`${stream('night')}-*`], types: ['ProposalAdded'], team: 't1' }],
        };
        await store.append(stream('night-t'), [event('ProposalAdded', { teamId: 't2', key: 1 })], 'no_stream');
        await store.append(stream('night-t'), [event('FavoriteChosen', { teamId: 't1', key: 1 })], 0);
        await store.append(stream('night-t'), [event('ProposalAdded', { teamId: 't2', key: 2 })], 'any', condition);
        const decidedAgain = await store.lastPosition();
        await store.append(stream('night-t'), [event('ProposalAdded', { teamId: 't1', key: 1 })], 'any');
        await expect(
          store.append(stream('night-t'), [event('ProposalAdded', { teamId: 't1', key: 1 })], 'any', {
            ...condition,
            after: decidedAgain,
          }),
        ).rejects.toBeInstanceOf(BoundaryMovedError);
        expect(await store.readStream(stream('night-t'))).toHaveLength(4);
      });

      it("given two writers deciding at the same position, each reading the other's stream, when they append at once, then exactly one wins", async () => {
        for (let round = 0; round < 20; round++) {
          const decidedAt = await store.lastPosition();
          const boundary = [stream(`show-${round}`), stream(`night-${round}`)];
          const outcomes = await Promise.allSettled([
            store.append(stream(`show-${round}`), [event('UberModeChanged')], 'no_stream', {
              after: decidedAt,
              streams: boundary,
            }),
            store.append(stream(`night-${round}`), [event('QuestionStarted')], 'no_stream', {
              after: decidedAt,
              streams: boundary,
            }),
          ]);
          expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
          const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
          expect(lost?.reason).toBeInstanceOf(BoundaryMovedError);
        }
      });
    });

    describe('idempotency', () => {
      it('given a stored batch, when the same batch is appended again with the same event ids, then it succeeds and adds nothing', async () => {
        const batch = [event('A'), event('B')];
        const first = await store.append(stream('a'), batch, 'no_stream');
        const retry = await store.append(stream('a'), batch, 'no_stream');
        expect(retry).toEqual(first);
        expect(await store.readStream(stream('a'))).toHaveLength(2);
      });

      it('given a stored batch, when a batch holding some of its events and new ones is appended, then it is rejected and nothing is added', async () => {
        const stored = [event('A'), event('B')];
        await store.append(stream('a'), stored, 'no_stream');
        await expect(store.append(stream('a'), [stored[1]!, event('C')], 'any')).rejects.toBeInstanceOf(
          IdempotencyConflictError,
        );
        expect((await store.readStream(stream('a'))).map((e) => e.type)).toEqual(['A', 'B']);
      });
    });

    describe('read all and subscribe', () => {
      it('reads all in global order after a position, with a limit, and knows the last position', async () => {
        const start = await store.lastPosition();
        await store.append(stream('x'), [event('X1')], 'no_stream');
        await store.append(stream('y'), [event('Y1'), event('Y2')], 'no_stream');
        const { position } = await store.append(stream('x'), [event('X2')], 0);
        expect(await store.lastPosition()).toBe(position);
        const all = ours(await store.readAll({ after: start }));
        expect(all.map((e) => e.type)).toEqual(['X1', 'Y1', 'Y2', 'X2']);
        const page = ours(await store.readAll({ after: all[0]!.position, limit: 2 }));
        expect(page.map((e) => e.type)).toEqual(['Y1', 'Y2']);
      });

      it('given a checkpoint, when a subscription resumes from it, then it delivers exactly the events after it', async () => {
        const start = await store.lastPosition();
        await store.append(
          stream('a'),
          ['A', 'B', 'C'].map((t) => event(t)),
          'no_stream',
        );
        const first = collect(start);
        await waitFor(() => first.seen.length === 3);
        const checkpoint = first.seen[1]!.position; // as if the handler had finished B, then the process died
        await first.subscription.stop();
        await store.append(stream('a'), [event('D')], 2);
        const resumed = collect(checkpoint);
        await waitFor(() => resumed.seen.length >= 2);
        await sleep(200);
        expect(resumed.seen.map((e) => e.type)).toEqual(['C', 'D']);
      });

      it('delivers batches one after the other: the next only after the handler finished', async () => {
        const start = await store.lastPosition();
        await store.append(
          stream('a'),
          Array.from({ length: 20 }, () => event('E')),
          'no_stream',
        );
        let running = 0;
        let overlapped = false;
        const seen: StoredEvent[] = [];
        const subscription = store.subscribe(
          async (batch) => {
            running++;
            overlapped ||= running > 1;
            await sleep(5);
            seen.push(...ours(batch));
            running--;
          },
          { after: start, batchSize: 3 },
        );
        subscriptions.push(subscription);
        await waitFor(() => seen.length === 20);
        expect(overlapped).toBe(false);
        expect(subscription.position).toBe(seen[19]!.position);
      });

      it('resolves caughtUp once the log as it was at the start is delivered', async () => {
        const start = await store.lastPosition();
        await store.append(
          stream('a'),
          Array.from({ length: 50 }, () => event('E')),
          'no_stream',
        );
        const { seen, subscription } = collect(start);
        await subscription.caughtUp;
        expect(seen).toHaveLength(50);
      });

      it('ends the subscription with the error when the handler throws', async () => {
        await store.append(stream('a'), [event('A')], 'no_stream');
        const subscription = store.subscribe(
          () => {
            throw new Error('handler failed');
          },
          { after: (await store.lastPosition()) - 1 },
        );
        await expect(subscription.done).rejects.toThrow('handler failed');
      });

      itWithSecondInstance(
        'given a second store on the same database, then a subscriber on the first sees what the second appends',
        async () => {
          const other = await harness.openAnother!();
          try {
            const { seen } = collect(await store.lastPosition());
            await other.append(stream('remote'), [event('FromAfar')], 'no_stream');
            await waitFor(() => seen.length === 1);
            expect(seen[0]!.type).toBe('FromAfar');
            expect(await store.lastPosition()).toBe(await other.lastPosition());
          } finally {
            await other.close();
          }
        },
      );
    });

    describe('locked append (appendAfter, where the adapter has it)', () => {
      const itWithLockedAppend = (title: string, body: () => Promise<void>) =>
        it(title, async () => {
          if (!store.appendAfter) return; // optional: EventStoreDB has none (the pipeline retries optimistically there)
          await body();
        });

      itWithLockedAppend(
        'hands the plan the events stored after the position, in order, and appends what it returns',
        async () => {
          const after = await store.lastPosition();
          await store.append(stream('a'), [event('First'), event('Second')], 'no_stream');
          let seen: string[] = [];
          const result = await store.appendAfter!(after, (tail) => {
            seen = ours(tail).map((e) => e.type);
            return { streamId: stream('b'), events: [event('Planned')], expected: 'no_stream' };
          });
          expect(seen).toEqual(['First', 'Second']);
          expect(result).toEqual({ nextExpectedRevision: 0, position: await store.lastPosition() });
          expect((await store.readStream(stream('b'))).map((e) => e.type)).toEqual(['Planned']);
        },
      );

      itWithLockedAppend('appends nothing when the plan returns null', async () => {
        const before = await store.lastPosition();
        expect(await store.appendAfter!(before, () => null)).toBeNull();
        expect(await store.lastPosition()).toBe(before);
      });

      itWithSecondInstance('lets no other writer store anything between the plan and its append', async () => {
        if (!store.appendAfter) return;
        const other = await harness.openAnother!();
        try {
          let rival: Promise<{ position: number }> | null = null;
          const planned = await store.appendAfter(await store.lastPosition(), () => {
            rival = other.append(stream('rival'), [event('Rival')], 'no_stream'); // starts while the lock is held
            return { streamId: stream('planned'), events: [event('Planned')], expected: 'no_stream' };
          });
          expect((await rival!).position).toBeGreaterThan(planned!.position);
        } finally {
          await other.close();
        }
      });
    });

    describe('the log is never changed (SQL: the trigger of migration 5)', () => {
      itWithRawStatements(
        'given stored events, when an UPDATE or a DELETE on the events table is run, then each is refused and the events are unchanged',
        async () => {
          await store.append(stream('fest'), [event('Stored', { n: 1 }), event('Stored', { n: 2 })], 'no_stream');
          const before = await store.readStream(stream('fest'));
          await expect(
            harness.rawStatement!(`UPDATE events SET data = '{"n": 0}' WHERE stream_id = '${stream('fest')}'`),
          ).rejects.toThrow(/events are never changed or deleted \(UPDATE refused\)/);
          await expect(
            harness.rawStatement!(`DELETE FROM events WHERE stream_id = '${stream('fest')}'`),
          ).rejects.toThrow(/events are never changed or deleted \(DELETE refused\)/);
          await expect(
            harness.rawStatement!("DELETE FROM events WHERE stream_id = 'kein-solcher-strom'"),
          ).rejects.toThrow(/DELETE refused/); // every such statement, whatever it matches
          expect(await store.readStream(stream('fest'))).toEqual(before);
        },
      );
    });

    describe('payloads', () => {
      const payloads: Array<[string, unknown]> = [
        [
          'unicode',
          {
            text: 'Grüße aus Köln – Straße, Ærø, 日本語, emoji 🎉🧟, RTL שלום',
            nested: { ключ: ['ä', 'ö', 'ü', 'ß'] },
          },
        ],
        ['large (100 KB)', { blob: 'x'.repeat(100 * 1024), list: Array.from({ length: 100 }, (_, i) => ({ i })) }],
        ['empty object', {}],
        ['null', null],
        ['empty string', ''],
      ];

      it.each(payloads)('appends and reads back a %s payload unchanged', async (_kind, data) => {
        const start = await store.lastPosition();
        const metadata = {
          actor: { userId: 'u-ä', roles: ['admin'] },
          note: 'Größe',
          correlationId: 'befehl-1',
          causationId: 'ereignis-1',
        };
        await store.append(stream('payload'), [{ id: randomUUID(), type: 'Payload', data, metadata }], 'no_stream');
        const [fromStream] = await store.readStream(stream('payload'));
        const [fromAll] = ours(await store.readAll({ after: start }));
        expect(fromStream!.data).toEqual(data);
        expect(fromStream!.metadata).toEqual(metadata);
        expect(fromAll!.data).toEqual(data);
      });
    });
  });
}

export function event(type: string, data: unknown = {}): EventToAppend {
  return { id: randomUUID(), type, data, metadata: {} };
}

function isStrictlyIncreasing(values: number[]): boolean {
  return values.every((v, i) => i === 0 || v > values[i - 1]!);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
