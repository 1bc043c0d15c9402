/**
 * Live-state snapshots on a real store: a clean stop saves one, a start folds only the tail after it,
 * and a snapshot of another code version or one that cannot be read is ignored, never trusted.
 */
import { isDeepStrictEqual } from 'node:util';
import { encodeState, views, type LiveState } from '../../projections/live';
import { LiveStateService } from '../../src/engine/live-state';
import { SnapshotStore } from '../../src/engine/snapshots';
import { replayEvents, verifySnapshot } from '../../src/replay/night-commands';
import { toStored } from '../../src/engine/stored-events';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { nameBasedUuid } from '../../src/store/event-ids';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { recordNight } from '../support/recorded-night';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';

const night = recordNight();
let database: TestSqlDatabase;
let db: SqlDatabase;
let store: SqlEventStore;

/** Appends the recorded night's events from `from` to `to`, each to its stream (a run of one stream at once). */
async function appendNight(from: number, to: number): Promise<void> {
  const { log, streamLog } = night.world;
  for (let i = from; i < to;) {
    const stream = streamLog[i]!;
    const run: number[] = [];
    while (i < to && streamLog[i] === stream) run.push(i++);
    await store.append(
      stream,
      run.map((k) => ({ ...toStored(log[k]!), id: nameBasedUuid(log[k]!.metadata.eventId) })),
      'any',
    );
  }
}

/** Equal contents; key order aside (the store's JSONB orders an event's keys its own way). */
function sameState(a: LiveState, b: LiveState): boolean {
  return isDeepStrictEqual(JSON.parse(encodeState(a)), JSON.parse(encodeState(b)));
}

beforeAll(async () => {
  database = await openTestSqlDatabase(); // PGlite, or a fresh Postgres database with DATABASE_URL
  db = database.db;
  store = await SqlEventStore.open(db);
});
afterAll(async () => {
  await store.close();
  await database.close();
});

describe('live-state snapshots', () => {
  it('a clean stop saves a snapshot; the next start loads it and folds only the tail, to the same state', async () => {
    const snapshots = await SnapshotStore.open(db, 'version-a');
    const half = Math.floor(night.world.log.length / 2);
    await appendNight(0, half);
    const first = new LiveStateService(store, { snapshots });
    await first.start();
    await first.stop();
    expect((await snapshots.latest())?.position).toBe(first.position);

    await appendNight(half, night.world.log.length);
    const second = new LiveStateService(store, { snapshots });
    const foldedBatches: number[] = [];
    second.onChange(() => foldedBatches.push(second.position));
    await second.start();
    expect(foldedBatches[0]).toBeGreaterThan(first.position); // it started at the snapshot, not at 0
    expect(sameState(second.state, night.world.state)).toBe(true);
    for (const viewer of Object.values(night.viewers))
      expect(views(second.state, viewer)).toEqual(views(night.world.state, viewer));
    expect(second.revisionOf('show')).toBe((await store.readStream('show')).length - 1);
    await second.stop();
  });

  it('night replay --verify folds the tail onto the snapshot and finds a snapshot that differs from the log', async () => {
    const snapshots = await SnapshotStore.open(db, 'version-a');
    const events = await store.readAll();
    const whole = replayEvents(events).state;
    expect(await verifySnapshot(snapshots, events, whole)).toEqual({ position: expect.any(Number), differences: [] });
    const [row] = await db.query<{ position: string }>(
      "SELECT position FROM live_snapshots WHERE code_version = 'version-a' ORDER BY position DESC LIMIT 1",
    );
    await db.query(
      `UPDATE live_snapshots SET state = regexp_replace(state, '"uploadCount":[0-9]+', '"uploadCount":999999')
      WHERE code_version = 'version-a' AND position = $1`,
      [row!.position],
    );
    const tampered = await verifySnapshot(snapshots, events, whole);
    expect(tampered.differences).toEqual([
      { where: 'snapshot', detail: expect.stringContaining(`position ${row!.position}`) },
    ]);
  });

  it('ignores a snapshot written by another code version', async () => {
    const other = await SnapshotStore.open(db, 'version-b');
    expect(await other.latest()).toBeNull();
    const live = new LiveStateService(store, { snapshots: other });
    await live.start();
    expect(sameState(live.state, night.world.state)).toBe(true);
    await live.stop();
  });

  it('ignores a snapshot that cannot be read, and folds the log instead', async () => {
    await db.query(
      "INSERT INTO live_snapshots (code_version, position, state, revisions) VALUES ('version-c', 999999, '{broken', '{}')",
    );
    const broken = await SnapshotStore.open(db, 'version-c');
    expect(await broken.latest()).toBeNull();
    const live = new LiveStateService(store, { snapshots: broken });
    await live.start();
    expect(sameState(live.state, night.world.state)).toBe(true);
    await live.stop();
  });
});
