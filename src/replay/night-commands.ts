import { ALL_PROJECTORS, openReadDataSource, rebuildProjections, startReadProjections } from '../../projections/read';
import type { PointsTable } from '../../events';
import { isDeepStrictEqual } from 'node:util';
import {
  encodeState,
  evolve,
  globalView,
  initialState,
  moderatorView,
  pointsOverview,
  teamView,
  testerView,
  type LiveState,
} from '../../projections/live';
import type { SnapshotStore } from '../engine/snapshots';
import { fromStored } from '../engine/stored-events';
import type { EventStore, ExpectedRevision, StoredEvent } from '../store/event-store';
import { PgliteDatabase } from '../store/sql/pglite-database';
import type { SqlDatabase } from '../store/sql/sql-database';
import { allEvents } from './night-events';

export interface NightListing {
  id: string;
  quizId: string;
  quizName: string | null;
  startedAt: string;
  endedAt: string | null;
  events: number;
}

/** The nights in the log, oldest first, with the number of events of each night's stream. */
export async function listNights(store: EventStore): Promise<NightListing[]> {
  let state = initialState;
  const counts = new Map<string, number>();
  for await (const event of allEvents(store)) {
    state = evolve(state, fromStored(event));
    if (event.streamId.startsWith('night-')) counts.set(event.streamId, (counts.get(event.streamId) ?? 0) + 1);
  }
  const nights: NightListing[] = [];
  state.nights.forEach((n) =>
    nights.push({
      id: n.id,
      quizId: n.quizId,
      quizName: state.quizzes.get(n.quizId)?.name ?? null,
      startedAt: new Date(n.startedAt).toISOString(),
      endedAt: n.endedAt === null ? null : new Date(n.endedAt).toISOString(),
      events: counts.get(`night-${n.id}`) ?? 0,
    }),
  );
  return nights.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/**
 * Loads exported events into an empty store, keeping streams, revisions and order (positions are the
 * new store's own). Consecutive events of one stream go in one append, with the exact expected revision.
 */
export async function importEvents(store: EventStore, events: readonly StoredEvent[]): Promise<number> {
  if ((await store.lastPosition()) > 0)
    throw new Error('Import only into an empty store: this one already holds events.');
  for (const run of runsOfOneStream(events)) {
    const expected: ExpectedRevision = run.first.revision === 0 ? 'no_stream' : run.first.revision - 1;
    await store.append(
      run.first.streamId,
      run.events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
      expected,
    );
  }
  return events.length;
}

/** Consecutive events of one stream, each run with its first event. */
function runsOfOneStream(events: readonly StoredEvent[]): { first: StoredEvent; events: StoredEvent[] }[] {
  const runs: { first: StoredEvent; events: StoredEvent[] }[] = [];
  for (const event of events) {
    const current = runs.at(-1);
    if (current?.first.streamId === event.streamId) current.events.push(event);
    else runs.push({ first: event, events: [event] });
  }
  return runs;
}

export interface Replay {
  state: LiveState;
  folded: number;
  nightId: string | null;
  quizId: string | null;
  views: { global: object; moderator: object; tester: object; teams: Record<string, object> };
  points: PointsTable | null;
}

/** Folds the events (the first `to` of them, when given) with the server's own evolve, and the views at that point. */
export function replayEvents(
  events: readonly StoredEvent[],
  options: { to?: number; onProgress?: (done: number) => void } = {},
): Replay {
  const upTo = Math.min(events.length, options.to ?? events.length);
  let state = initialState;
  events.slice(0, upTo).forEach((event, i) => {
    state = evolve(state, fromStored(event));
    if (options.onProgress && i % 10_000 === 0) options.onProgress(i);
  });
  const lastNight = [...events.slice(0, upTo)].reverse().find((e) => e.streamId.startsWith('night-'));
  const nightId = state.night?.id ?? lastNight?.streamId.slice('night-'.length) ?? null;
  const quizId = state.night?.quizId ?? (nightId ? (state.nights.get(nightId)?.quizId ?? null) : null);
  const teams: Record<string, object> = {};
  state.teams.forEach((team) => {
    const view = teamView(state, team.id);
    if (view) teams[team.id] = view;
  });
  return {
    state,
    folded: upTo,
    nightId,
    quizId,
    views: { global: globalView(state), moderator: moderatorView(state), tester: testerView(state), teams },
    points: quizId ? pointsOverview(state, quizId) : null,
  };
}

export interface Difference {
  where: string;
  detail: string;
}

/**
 * Recomputes every read projection from the log into a scratch database and compares it, table by
 * table and row by row, with what the system holds. The system's projections are first brought up
 * to the log's end, as a server start would (exactly once: nothing already applied is applied again).
 */
export async function verifyReadProjections(sql: SqlDatabase, store: EventStore): Promise<Difference[]> {
  const current = await startReadProjections(sql, store);
  await current.runner.waitFor(await store.lastPosition());
  await current.stop();

  const scratch = await PgliteDatabase.open();
  try {
    await (await openReadDataSource(scratch)).destroy();
    await rebuildProjections(scratch, store, ALL_PROJECTORS);
    const differences: Difference[] = [];
    for (const table of ALL_PROJECTORS.flatMap((p) => p.tables)) {
      const [held, rebuilt] = await Promise.all([rowsOf(sql, table), rowsOf(scratch, table)]);
      for (const row of difference(held, rebuilt))
        differences.push({ where: table, detail: `only in the system: ${row}` });
      for (const row of difference(rebuilt, held))
        differences.push({ where: table, detail: `only in the rebuild from the log: ${row}` });
    }
    return differences;
  } finally {
    await scratch.close();
  }
}

/**
 * The newest live-state snapshot of this code version, with the log's tail folded onto it, against
 * the fold of the whole log (`whole`): a snapshot is a cache and must never change what a start sees.
 */
export async function verifySnapshot(
  snapshots: SnapshotStore,
  events: readonly StoredEvent[],
  whole: LiveState,
): Promise<{ position: number | null; differences: Difference[] }> {
  const snapshot = await snapshots.latest();
  if (!snapshot) return { position: null, differences: [] };
  let state = snapshot.state;
  for (const stored of events) if (stored.position > snapshot.position) state = evolve(state, fromStored(stored));
  const same = isDeepStrictEqual(JSON.parse(encodeState(state)), JSON.parse(encodeState(whole)));
  return {
    position: snapshot.position,
    differences: same
      ? []
      : [
          {
            where: 'snapshot',
            detail: `the snapshot at position ${snapshot.position} plus the log after it differs from the fold of the whole log`,
          },
        ],
  };
}

/** Compares views the way a person reads them: presence (online dots) is not part of the log. */
export function compareViews(where: string, expected: unknown, actual: unknown): Difference[] {
  const strip = (value: unknown) => JSON.stringify(value, (key, v: unknown) => (key === 'online' ? undefined : v));
  return strip(expected) === strip(actual)
    ? []
    : [
        {
          where,
          detail: `replayed ${strip(expected).slice(0, 300)} … but the system has ${strip(actual).slice(0, 300)} …`,
        },
      ];
}

async function rowsOf(db: SqlDatabase, table: string): Promise<string[]> {
  const rows = await db.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
  return rows
    .map((row) =>
      JSON.stringify(
        Object.keys(row)
          .sort()
          .map((k) => [k, normalize(row[k])]),
      ),
    )
    .sort();
}

function normalize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/** Rows of `a` that `b` lacks, counting duplicates. */
function difference(a: string[], b: string[]): string[] {
  const remaining = new Map<string, number>();
  for (const row of b) remaining.set(row, (remaining.get(row) ?? 0) + 1);
  return a.filter((row) => {
    const n = remaining.get(row) ?? 0;
    if (n === 0) return true;
    remaining.set(row, n - 1);
    return false;
  });
}
