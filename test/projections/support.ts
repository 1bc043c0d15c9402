/**
 * What the read-projection suites share: one database per test file (PGlite in memory always,
 * a fresh Postgres database when DATABASE_URL is set), events appended through the real store,
 * and table snapshots to compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import {
  CURRENT_VERSION,
  type EventMetadata,
  type EventOfType,
  type EventType,
  type QuizShowEvent,
} from '../../events';
import { decodeEvent, encodeEvent, type EventToDecode } from '../../events/codec';
import {
  ALL_PROJECTORS,
  openReadDataSource,
  ProjectionRunner,
  resetProjections,
  type Projector,
} from '../../projections/read';
import { nameBasedUuid } from '../../src/store/event-ids';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';

export interface TestDatabase {
  kind: string;
  db: SqlDatabase;
  store: SqlEventStore;
  close(): Promise<void>;
}

async function withAdminClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A Postgres database of its own for one test file, dropped at the end. */
async function openPostgres(url: string): Promise<TestDatabase> {
  const name = `proj_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdminClient(url, (c) => c.query(`CREATE DATABASE ${name}`));
  const own = new URL(url);
  own.pathname = `/${name}`;
  const db = await PostgresDatabase.open(own.toString());
  const store = await SqlEventStore.open(db, { pollIntervalMs: 50 });
  await openReadDataSource(db).then((ds) => ds.destroy());
  return {
    kind: 'Postgres',
    db,
    store,
    async close() {
      await store.close();
      await db.close();
      await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function openPglite(): Promise<TestDatabase> {
  const db = await PgliteDatabase.open();
  const store = await SqlEventStore.open(db, { pollIntervalMs: 50 });
  await openReadDataSource(db).then((ds) => ds.destroy());
  return {
    kind: 'PGlite',
    db,
    store,
    async close() {
      await store.close();
      await db.close();
    },
  };
}

/** The databases a suite runs on: PGlite always, Postgres when DATABASE_URL is set. */
export const DATABASES: [string, () => Promise<TestDatabase>][] = [
  ['PGlite', openPglite],
  ...(process.env.DATABASE_URL
    ? [['Postgres', () => openPostgres(process.env.DATABASE_URL!)] as [string, () => Promise<TestDatabase>]]
    : []),
];

/** Empties the log and every read table: each test starts from nothing. */
export async function clean(t: TestDatabase): Promise<void> {
  await t.db.exec('TRUNCATE events');
  await resetProjections(t.db, ALL_PROJECTORS);
  await t.db.exec('DELETE FROM read_projector_checkpoints');
}

let appendRun = 0;

/** Appends through the real store, `perAppend` events at a time, with the envelope's version in the metadata. */
export async function appendEvents(
  store: SqlEventStore,
  events: readonly QuizShowEvent[],
  perAppend = 50,
): Promise<number> {
  const run = `${process.pid}-${Date.now()}-${++appendRun}`;
  let position = 0;
  for (let start = 0; start < events.length; start += perAppend) {
    const chunk = events
      .slice(start, start + perAppend)
      .map((event, i) => ({ ...encodeEvent(event), id: nameBasedUuid(`test:${run}`, start + i) }));
    position = (await store.append(`test-${run}`, chunk, 'any')).position;
  }
  return position;
}

/** Appends the events and lets a runner apply them all. */
export async function project(
  t: TestDatabase,
  events: readonly QuizShowEvent[],
  projectors: readonly Projector[] = ALL_PROJECTORS,
  batchSize = 1000,
) {
  const last = await appendEvents(t.store, events);
  const runner = await ProjectionRunner.start(t.db, t.store, projectors, { batchSize, onError: () => undefined });
  await runner.waitFor(last);
  await runner.stop();
  return last;
}

export const PROJECTION_TABLES: Record<string, string> = {
  read_quizzes: 'id',
  read_teams: 'id',
  read_users: 'id',
  read_quiz_answers: 'id',
  read_answer_changes: 'answer_id, position',
  read_team_round_points: 'quiz_id, team_id, round',
  read_published_ranking: 'id',
  read_greetings: 'id',
  read_uploads: 'upload_id, file_index',
};

/** Every read table's rows in key order (checkpoints left out: they say how, not what). */
export async function snapshot(db: SqlDatabase): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(PROJECTION_TABLES))
    tables[table] = await db.query(`SELECT * FROM ${table} ORDER BY ${key}`);
  return tables;
}

export function checkpoints(db: SqlDatabase): Promise<{ projector: string; position: number }[]> {
  return db.query('SELECT projector, position FROM read_projector_checkpoints ORDER BY projector');
}

/** The recorded night of the engine's golden test (events/recordings/night-1.jsonl). */
export function recordedNightEvents(): QuizShowEvent[] {
  const file = path.resolve(__dirname, '..', '..', 'events', 'recordings', 'night-1.jsonl');
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => decodeEvent(JSON.parse(line) as EventToDecode));
}

/** Builds events by hand with a clock that moves one second per event. */
export class EventFactory {
  private clock = Date.UTC(2026, 10, 20, 19, 0, 0);
  private n = 0;

  constructor(private readonly actor: EventMetadata['actor'] = { userId: 'mod', roles: ['moderator'] }) {}

  make<T extends EventType>(type: T, data: EventOfType<T>['data'], actor = this.actor): QuizShowEvent {
    this.clock += 1000;
    const metadata: EventMetadata = { eventId: `e${++this.n}`, commandId: `c${this.n}`, actor, recordedAt: this.clock };
    return { type, version: CURRENT_VERSION[type], data, metadata } as QuizShowEvent;
  }

  at(offsetFromStart: number): Date {
    return new Date(Date.UTC(2026, 10, 20, 19, 0, 0) + offsetFromStart * 1000);
  }
}
