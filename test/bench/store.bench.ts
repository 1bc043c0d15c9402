/**
 * npm run bench:store — append and read throughput of every configured EventStore adapter.
 * Embedded PGlite always (on disk, in a temporary directory); Postgres when DATABASE_URL is set;
 * EventStoreDB when EVENTSTORE_URL is set. Options: --appends N (single-event appends, default 2000),
 * --batches N (appends of 100 events, default 200).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore, EventToAppend } from '../../src/store/event-store';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { PersonalDataStore } from '../../src/store/personal-data-store';
import { PersonalDataVault } from '../../src/store/personal-data-vault';

interface Row {
  adapter: string;
  case: string;
  opsPerSec: number;
  eventsPerSec: number;
  p50Ms: number | null;
  p99Ms: number | null;
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SINGLE_APPENDS = option('appends', 2000);
const BATCHES = option('batches', 200);
const BATCH_SIZE = 100;

function payload(i: number): EventToAppend {
  return {
    id: randomUUID(),
    type: 'ProposalAdded',
    data: { teamId: `team-${i % 50}`, userId: `user-${i % 200}`, key: i, message: `Antwort Nummer ${i} – Grüße` },
    metadata: { actor: { userId: `user-${i % 200}`, roles: [] }, recordedAt: 1_700_000_000_000 + i },
  };
}

/** An event with personal fields (events/personal-data.ts): its name goes to the vault, the rest to the log. */
function personalPayload(i: number): EventToAppend {
  return {
    id: randomUUID(),
    type: 'UserProfileUpdated',
    data: { userId: `user-${i % 200}`, name: `Spielerin ${i}` },
    metadata: { actor: { userId: `user-${i % 200}`, roles: [] }, recordedAt: 1_700_000_000_000 + i },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeAppends(
  store: EventStore,
  count: number,
  size: number,
  make = payload,
): Promise<Omit<Row, 'adapter' | 'case'>> {
  const stream = `bench-${randomUUID()}`;
  const latencies: number[] = [];
  let expected: number | 'no_stream' = 'no_stream';
  const began = performance.now();
  for (let i = 0; i < count; i++) {
    const events = Array.from({ length: size }, (_, j) => make(i * size + j));
    const t0 = performance.now();
    expected = (await store.append(stream, events, expected)).nextExpectedRevision;
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    opsPerSec: count / seconds,
    eventsPerSec: (count * size) / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

async function timeReadAll(store: EventStore): Promise<Omit<Row, 'adapter' | 'case'>> {
  const began = performance.now();
  let after = 0;
  let total = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) break;
    total += page.length;
    after = page[page.length - 1]!.position;
  }
  const seconds = (performance.now() - began) / 1000;
  return { opsPerSec: total / seconds, eventsPerSec: total / seconds, p50Ms: null, p99Ms: null };
}

async function benchAdapter(adapter: string, store: EventStore): Promise<Row[]> {
  await timeAppends(store, 50, 1); // warm-up
  const single = await timeAppends(store, SINGLE_APPENDS, 1);
  const batched = await timeAppends(store, BATCHES, BATCH_SIZE);
  const read = await timeReadAll(store);
  return [
    { adapter, case: 'append 1 event', ...single },
    { adapter, case: `append batch of ${BATCH_SIZE}`, ...batched },
    { adapter, case: 'read all (pages of 1000)', ...read },
  ];
}

/** Appends of events with personal fields through the store the server uses (the vault's rows with them), then a read-all that restores them. */
async function benchPersonal(adapter: string, db: SqlDatabase, log: EventStore): Promise<Row[]> {
  const store = new PersonalDataStore(log, new PersonalDataVault(db));
  await timeAppends(store, 50, 1, personalPayload); // warm-up
  const single = await timeAppends(store, SINGLE_APPENDS, 1, personalPayload);
  const read = await timeReadAll(store);
  return [
    { adapter, case: 'append 1 personal event (vault)', ...single },
    { adapter, case: 'read all, personal fields restored', ...read },
  ];
}

function printTable(rows: Row[]): void {
  const fmt = (n: number | null, digits = 0) =>
    n === null ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const lines = [
    ['adapter', 'case', 'appends/s', 'events/s', 'p50 ms', 'p99 ms'],
    ...rows.map((r) => [
      r.adapter,
      r.case,
      r.case.startsWith('read') ? '–' : fmt(r.opsPerSec),
      fmt(r.eventsPerSec),
      fmt(r.p50Ms, 2),
      fmt(r.p99Ms, 2),
    ]),
  ];
  const widths = lines[0]!.map((_, c) => Math.max(...lines.map((l) => l[c]!.length)));
  const render = (l: string[]) =>
    `| ${l.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  console.log(render(lines[0]!));
  console.log(`|${widths.map((w, c) => (c < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  lines.slice(1).forEach((l) => console.log(render(l)));
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  console.log(
    `bench:store — ${SINGLE_APPENDS} single-event appends, ${BATCHES} appends of ${BATCH_SIZE}, then read-all; sequential, one writer\n`,
  );

  const dir = await mkdtemp(path.join(tmpdir(), 'bench-store-'));
  const embedded = await PgliteDatabase.open(dir);
  const embeddedStore = await SqlEventStore.open(embedded);
  rows.push(...(await benchAdapter('embedded (PGlite, on disk)', embeddedStore)));
  rows.push(...(await benchPersonal('embedded (PGlite, on disk)', embedded, embeddedStore)));
  await embeddedStore.close();
  await embedded.close();
  await rm(dir, { recursive: true, force: true });

  if (process.env.DATABASE_URL) {
    const pg = await PostgresDatabase.open(process.env.DATABASE_URL);
    const pgStore = await SqlEventStore.open(pg);
    rows.push(...(await benchAdapter('Postgres', pgStore)));
    rows.push(...(await benchPersonal('Postgres', pg, pgStore)));
    await pgStore.close();
    await pg.close();
  } else console.log('Postgres skipped: DATABASE_URL is not set.');

  if (process.env.EVENTSTORE_URL) {
    const { EventStoreDbEventStore } = await import('../../src/store/eventstoredb/eventstoredb-event-store');
    const esdb = await EventStoreDbEventStore.connect(process.env.EVENTSTORE_URL);
    rows.push(...(await benchAdapter('EventStoreDB', esdb)));
    await esdb.close();
  } else console.log('EventStoreDB skipped: EVENTSTORE_URL is not set.');

  console.log('');
  printTable(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
