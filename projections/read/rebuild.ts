import type { Projector } from './projector';
import { ensureCheckpoints, ProjectionRunner, readCheckpoints } from './runner';
import type { EventLog, ReadSqlDatabase } from './sql';

export interface RebuildProgress {
  /** Events applied so far. */
  events: number;
  position: number;
  /** The log's last position when the rebuild began. */
  target: number;
  eventsPerSecond: number;
  /** Estimated, from the positions still to go. */
  secondsLeft: number;
}

/** Empties the projectors' tables and sets their checkpoints to 0, in one transaction. */
export async function resetProjections(db: ReadSqlDatabase, projectors: readonly Projector[]): Promise<void> {
  const names = projectors.map((p) => p.name);
  await db.transaction(async (tx) => {
    await ensureCheckpoints(tx, names);
    await readCheckpoints(tx, names, true); // a running projector's batch waits for the reset, or the reset for it
    await tx.query(`TRUNCATE ${projectors.flatMap((p) => p.tables).join(', ')}`);
    await tx.query('UPDATE read_projector_checkpoints SET position = 0 WHERE projector = ANY($1::text[])', [names]);
  });
}

/** Drops the projections' rows and folds the whole log into them again, up to the log's end as it is now. */
export async function rebuildProjections(
  db: ReadSqlDatabase,
  log: EventLog,
  projectors: readonly Projector[],
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildProgress> {
  await resetProjections(db, projectors);
  const target = await log.lastPosition();
  const began = performance.now();
  let events = 0;
  let position = 0;
  const progress = (): RebuildProgress => {
    const seconds = (performance.now() - began) / 1000;
    const eventsPerSecond = seconds > 0 ? events / seconds : 0;
    const perPosition = position > 0 ? seconds / position : 0;
    return { events, position, target, eventsPerSecond, secondsLeft: Math.max(0, (target - position) * perPosition) };
  };
  const runner = await ProjectionRunner.start(db, log, projectors, {
    batchSize: options.batchSize,
    stopOnError: true,
    onError: () => undefined,
    onBatch: (last, count) => {
      events += count;
      position = last;
      options.onProgress?.(progress());
    },
  });
  try {
    await runner.waitFor(target);
  } finally {
    await runner.stop();
  }
  return progress();
}
