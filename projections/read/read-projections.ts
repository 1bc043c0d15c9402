import type { DataSource } from 'typeorm';
import { BackgroundRebuilds, type BackgroundRebuildOptions, type RebuildStatus } from './background-rebuilds';
import { openReadDataSource } from './data-source';
import { projectionLag, type ProjectorLag } from './lag';
import { staleProjections } from './projection-versions';
import type { Projector } from './projector';
import { ALL_PROJECTORS } from './projectors';
import { ProjectionRunner, type RunnerOptions } from './runner';
import type { EventLog, ReadSqlDatabase } from './sql';

/** What the server holds while it runs: the read models' DataSource and the runner that feeds them. */
export interface ReadProjections {
  dataSource: DataSource;
  runner: ProjectionRunner;
  /** Per projector: lastPosition − checkpoint (GET /api/health); `last`: the log's last position if just read. */
  lag(last?: number): Promise<ProjectorLag[]>;
  /** The projections being rebuilt because their version changed (GET /api/ready waits for them). */
  rebuilding(): RebuildStatus[];
  /** Resolves once those rebuilds are done. */
  rebuilt: Promise<void>;
  stop(): Promise<void>;
}

export interface ReadProjectionOptions extends RunnerOptions {
  projectors?: readonly Projector[];
  /** The rebuilds of projections whose version changed. */
  rebuild?: BackgroundRebuildOptions;
}

/**
 * Creates or updates the read tables and starts feeding every projector from the log; a projection
 * whose tables another version built is rebuilt in the background, beside the tables that readers
 * and the runner keep using until the rebuilt ones are swapped in.
 */
export async function startReadProjections(
  db: ReadSqlDatabase,
  log: EventLog,
  options: ReadProjectionOptions = {},
): Promise<ReadProjections> {
  const projectors = options.projectors ?? ALL_PROJECTORS;
  const dataSource = await openReadDataSource(db);
  const stale = await staleProjections(db, projectors);
  const runner = await ProjectionRunner.start(db, log, projectors, options);
  const rebuilds = new BackgroundRebuilds(db, log, stale, options.rebuild);
  return {
    dataSource,
    runner,
    lag: (last) => projectionLag(db, log, projectors, last, runner),
    rebuilding: () => rebuilds.pending,
    rebuilt: rebuilds.done,
    async stop() {
      await rebuilds.stop();
      await runner.stop();
      await dataSource.destroy();
    },
  };
}
