import type { DataSource } from 'typeorm';
import { openReadDataSource } from './data-source';
import { projectionLag, type ProjectorLag } from './lag';
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
  stop(): Promise<void>;
}

/** Creates or updates the read tables and starts feeding every projector from the log. */
export async function startReadProjections(
  db: ReadSqlDatabase,
  log: EventLog,
  options: RunnerOptions & { projectors?: readonly Projector[] } = {},
): Promise<ReadProjections> {
  const projectors = options.projectors ?? ALL_PROJECTORS;
  const dataSource = await openReadDataSource(db);
  const runner = await ProjectionRunner.start(db, log, projectors, options);
  return {
    dataSource,
    runner,
    lag: (last) => projectionLag(db, log, projectors, last),
    async stop() {
      await runner.stop();
      await dataSource.destroy();
    },
  };
}
