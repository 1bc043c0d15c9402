/**
 * The Postgres store's own loops and clients when the database goes away (through the fault proxy,
 * on a fresh database, never touching the machine's Postgres itself): the polling subscription
 * resumes from where it was (nothing skipped, nothing twice), the LISTEN connection comes back, a
 * transaction whose connection dies is an error of that call and never an unhandled 'error' event,
 * and while the breaker is open calls fail at once as "unavailable". Skipped without DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '../../src/store/event-store';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { isUnavailable, StoreUnavailableError } from '../../src/store/unavailable';
import { FaultProxy } from '../support/fault-proxy';
import { freshDatabase } from '../support/fresh-database';
import { describeOnPostgres } from '../support/describe-on-postgres';
import { POSTGRES_URL } from '../support/test-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describeOnPostgres('store-faults', 'the Postgres store through a fault proxy', () => {
  let database: { url: string; drop: () => Promise<void> };
  let proxy: FaultProxy;
  let direct: PostgresDatabase;
  let writer: SqlEventStore;
  let proxied: PostgresDatabase;
  let reader: SqlEventStore;

  beforeAll(async () => {
    database = await freshDatabase(POSTGRES_URL!);
    proxy = await FaultProxy.to(database.url);
    direct = await PostgresDatabase.open(database.url);
    writer = await SqlEventStore.open(direct);
    proxied = await PostgresDatabase.open(FaultProxy.through(database.url, proxy.port));
    proxied.serving(); // statements bounded as in a running server
    reader = await SqlEventStore.open(proxied, { pollIntervalMs: 200 });
  });

  afterAll(async () => {
    await reader?.close();
    await proxied?.close();
    await writer?.close();
    await direct?.close();
    await proxy?.close();
    await database?.drop();
  });

  async function appendSome(stream: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      await writer.append(stream, [{ id: randomUUID(), type: 'Noted', data: { i } }], 'any');
    }
  }

  it('a subscription resumes after a cut, a refusal and a stall, from where it was: every event once, in order', async () => {
    const seen: StoredEvent[] = [];
    const subscription = reader.subscribe((batch) => {
      seen.push(...batch);
    });
    await subscription.caughtUp;
    await appendSome('sub-a', 20);
    proxy.cut();
    await appendSome('sub-a', 20);
    proxy.refuse(2000);
    await appendSome('sub-a', 20);
    await sleep(2000);
    proxy.stall();
    await appendSome('sub-a', 20);
    await sleep(4000); // past the statement timeout: the stalled read gives up and backs off
    proxy.resume();
    await appendSome('sub-a', 20);
    const last = await writer.lastPosition();
    await until(() => subscription.position >= last);
    const positions = seen.map((e) => e.position);
    expect(positions).toEqual([...new Set(positions)].sort((x, y) => x - y));
    expect(seen.filter((e) => e.streamId === 'sub-a')).toHaveLength(100);
    await subscription.stop();
  }, 60_000);

  it('the LISTEN connection comes back after a cut: notifications arrive again', async () => {
    const payloads: string[] = [];
    let resumed = 0;
    const unlisten = await proxied.listen(
      'store_faults_test',
      (payload) => payloads.push(payload),
      () => resumed++,
    );
    await direct.query("SELECT pg_notify('store_faults_test', 'before')");
    await until(() => payloads.includes('before'));
    proxy.refuse(1000);
    await until(() => resumed === 1);
    await direct.query("SELECT pg_notify('store_faults_test', 'after')");
    await until(() => payloads.includes('after'));
    await unlisten();
  }, 30_000);

  it('a transaction whose connection dies between two statements fails as "unavailable"; no unhandled error event ends the process', async () => {
    const failure = await proxied
      .transaction(async (tx) => {
        await tx.query('SELECT 1');
        proxy.cut(); // the checked-out client gets its 'error' while idle in the transaction
        await sleep(200);
        await tx.query('SELECT 2');
      })
      .catch((error: unknown) => error);
    expect(isUnavailable(failure)).toBe(true);
    await sleep(1100); // the breaker's open time (1 s): then the next call tries again
    expect(await proxied.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  }, 30_000);

  it('while the database refuses connections, calls fail as "unavailable" and the breaker answers the next ones without trying', async () => {
    proxy.refuse(3000);
    const first = await proxied.query('SELECT 1').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(StoreUnavailableError);
    expect(proxied.breaker.isOpen).toBe(true);
    const refusedBefore = proxy.refused;
    const next = await Promise.all(
      Array.from({ length: 50 }, () => proxied.query('SELECT 1').catch((error: unknown) => error)),
    );
    expect(next.every((e) => e instanceof StoreUnavailableError)).toBe(true);
    expect(proxy.refused - refusedBefore).toBeLessThanOrEqual(1); // 50 calls, at most one connection attempt
    await sleep(3000 + 1100); // the refusal, then the breaker's open time
    expect(await proxied.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(proxied.breaker.isOpen).toBe(false);
  }, 30_000);
});
