/**
 * npm run bench:projections — rebuilds every read projection from a generated night of 200,000
 * events (100 teams of 4 answering question after question, every answer locked in and rated) and
 * prints events/s. Embedded PGlite always (on disk, in a temporary directory); Postgres when
 * DATABASE_URL is set (in a database of its own, dropped afterwards). Target on Postgres: 20,000 events/s.
 * Options: --events N (default 200000), --teams N (default 100), --batch N (subscription batch, default 1000).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { QuizShowEvent } from '../../events';
import { ALL_PROJECTORS, openReadDataSource, rebuildProjections } from '../../projections/read';
import { nameBasedUuid } from '../../src/store/event-ids';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { benchNight } from '../support/bench-night';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const EVENTS = option('events', 200_000);
const TEAMS = option('teams', 100);
const BATCH = option('batch', 1000);
const APPEND_SIZE = 1000;

interface Row {
  database: string;
  events: number;
  appendSeconds: number;
  rebuildSeconds: number;
  eventsPerSecond: number;
  answers: number;
}

/** The generated night, setup included, exactly EVENTS events long (the generator rounds to whole questions). */
function* nightEvents(): Generator<QuizShowEvent[]> {
  const night = benchNight(TEAMS, Math.ceil(EVENTS * 1.1));
  yield night.setup;
  let left = EVENTS - night.setup.length;
  for (const batch of night.batches(APPEND_SIZE)) {
    if (left <= 0) return;
    yield batch.slice(0, left);
    left -= batch.length;
  }
}

async function appendNight(store: SqlEventStore): Promise<number> {
  let count = 0;
  for (const batch of nightEvents()) {
    const events = batch.map((event) => ({
      id: nameBasedUuid(`bench-projections:${count}`, 0),
      type: event.type,
      data: event.data,
      metadata: { ...event.metadata, version: event.version, eventId: String(count++) },
    }));
    await store.append('night-bench', events, 'any');
  }
  return count;
}

async function benchDatabase(database: string, db: SqlDatabase): Promise<Row> {
  const store = await SqlEventStore.open(db);
  await (await openReadDataSource(db)).destroy();
  let began = performance.now();
  const events = await appendNight(store);
  const appendSeconds = (performance.now() - began) / 1000;
  began = performance.now();
  await rebuildProjections(db, store, ALL_PROJECTORS, { batchSize: BATCH });
  const rebuildSeconds = (performance.now() - began) / 1000;
  const [{ answers }] = await db.query<{ answers: number }>(
    'SELECT count(*)::integer AS answers FROM read_quiz_answers',
  );
  await store.close();
  return { database, events, appendSeconds, rebuildSeconds, eventsPerSecond: events / rebuildSeconds, answers };
}

async function withAdmin(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function printTable(rows: Row[]): void {
  const fmt = (n: number, digits = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const lines = [
    ['database', 'events', 'answers', 'append s', 'rebuild s', 'events/s'],
    ...rows.map((r) => [
      r.database,
      fmt(r.events),
      fmt(r.answers),
      fmt(r.appendSeconds, 1),
      fmt(r.rebuildSeconds, 2),
      fmt(r.eventsPerSecond),
    ]),
  ];
  const widths = lines[0]!.map((_, c) => Math.max(...lines.map((l) => l[c]!.length)));
  const render = (l: string[]) =>
    `| ${l.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  console.log(render(lines[0]!));
  console.log(`|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  lines.slice(1).forEach((l) => console.log(render(l)));
}

async function main(): Promise<void> {
  console.log(
    `bench:projections — rebuild all read projections (${ALL_PROJECTORS.map((p) => p.name).join(', ')}) from a night of ${EVENTS.toLocaleString('en-US')} events, ${TEAMS} teams, subscription batches of ${BATCH}\n`,
  );
  const rows: Row[] = [];

  const dir = await mkdtemp(path.join(tmpdir(), 'bench-projections-'));
  const embedded = await PgliteDatabase.open(dir);
  try {
    rows.push(await benchDatabase('embedded (PGlite, on disk)', embedded));
  } finally {
    await embedded.close();
    await rm(dir, { recursive: true, force: true });
  }

  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `bench_projections_${Date.now()}`;
    await withAdmin(url, `CREATE DATABASE ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const pg = await PostgresDatabase.open(own.toString());
    try {
      rows.push(await benchDatabase('Postgres', pg));
    } finally {
      await pg.close();
      await withAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } else console.log('Postgres skipped: DATABASE_URL is not set.');

  console.log('');
  printTable(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
