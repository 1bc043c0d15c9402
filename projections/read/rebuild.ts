import type { Projector } from './projector';
import { recordVersions } from './projection-versions';
import { ensureCheckpoints, ProjectionRunner, readCheckpoints } from './runner';
import type { EventLog, ReadSqlDatabase } from './sql';

export interface RebuildProgress {
  /** Events applied so far. */
  events: number;
  position: number;
  /** The log's last position the rebuild is heading for. */
  target: number;
  eventsPerSecond: number;
  /** Estimated, from the positions still to go. */
  secondsLeft: number;
}

/** Counts a rebuild's batches from `start` (its checkpoint) towards `target`. */
export class ProgressCount {
  private readonly began = performance.now();
  private events = 0;
  private position: number;

  constructor(
    private target: number,
    private readonly start = 0,
  ) {
    this.position = start;
  }

  batch(position: number, events: number): RebuildProgress {
    this.events += events;
    this.position = position;
    return this.now();
  }

  /** A new end to head for (the log grew while the rebuild ran). */
  heading(target: number): void {
    this.target = Math.max(this.target, target);
  }

  now(): RebuildProgress {
    const seconds = (performance.now() - this.began) / 1000;
    const eventsPerSecond = seconds > 0 ? this.events / seconds : 0;
    const done = this.position - this.start;
    const perPosition = done > 0 ? seconds / done : 0;
    return {
      events: this.events,
      position: this.position,
      target: this.target,
      eventsPerSecond,
      secondsLeft: Math.max(0, (this.target - this.position) * perPosition),
    };
  }
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

/**
 * Drops the projections' rows and folds the whole log into them again, up to the log's end as it is
 * now, in place: for a database nobody reads meanwhile (a scratch copy, a test). Where readers are,
 * rebuildBeside (rebuild-beside.ts) builds beside their tables and swaps.
 */
export async function rebuildProjections(
  db: ReadSqlDatabase,
  log: EventLog,
  projectors: readonly Projector[],
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildProgress> {
  await resetProjections(db, projectors);
  const count = new ProgressCount(await log.lastPosition());
  const runner = await ProjectionRunner.start(db, log, projectors, {
    batchSize: options.batchSize,
    stopOnError: true,
    onError: () => undefined,
    onBatch: (last, events) => options.onProgress?.(count.batch(last, events)),
  });
  try {
    await runner.waitFor(count.now().target);
  } finally {
    await runner.stop();
  }
  await db.transaction((tx) => recordVersions(tx, projectors));
  return count.now();
}
