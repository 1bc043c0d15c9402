import type { Projector } from './projector';
import { readCheckpoints, type ProjectionRunner } from './runner';
import type { EventLog, ReadSqlDatabase } from './sql';

export interface ProjectorLag {
  projector: string;
  checkpoint: number;
  /** The log's last position minus the checkpoint: 0 when the projection is current. */
  lag: number;
}

/**
 * Each projector's distance behind the log, for GET /api/health. `last`: the log's last position when
 * the caller has just read it (read from `log` otherwise). `runner`: this process's, which knows how far
 * past the stored checkpoints lie only events no projector reads.
 */
export async function projectionLag(
  db: ReadSqlDatabase,
  log: EventLog,
  projectors: readonly Projector[],
  last?: number,
  runner?: Pick<ProjectionRunner, 'checkpointOf'>,
): Promise<ProjectorLag[]> {
  const names = projectors.map((p) => p.name);
  const [lastPosition, checkpoints] = await Promise.all([last ?? log.lastPosition(), readCheckpoints(db, names)]);
  return names.map((projector) => {
    const stored = checkpoints.get(projector) ?? 0;
    const checkpoint = runner ? runner.checkpointOf(stored) : stored;
    return { projector, checkpoint, lag: Math.max(0, lastPosition - checkpoint) };
  });
}
