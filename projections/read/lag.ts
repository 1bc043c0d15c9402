import type { Projector } from './projector';
import { readCheckpoints } from './runner';
import type { EventLog, ReadSqlDatabase } from './sql';

export interface ProjectorLag {
  projector: string;
  checkpoint: number;
  /** The log's last position minus the checkpoint: 0 when the projection is current. */
  lag: number;
}

/**
 * Each projector's distance behind the log, for GET /api/health. `last`: the log's last position when
 * the caller has just read it (read from `log` otherwise).
 */
export async function projectionLag(db: ReadSqlDatabase, log: EventLog, projectors: readonly Projector[], last?: number): Promise<ProjectorLag[]> {
  const names = projectors.map((p) => p.name);
  const [lastPosition, checkpoints] = await Promise.all([last ?? log.lastPosition(), readCheckpoints(db, names)]);
  return names.map((projector) => {
    const checkpoint = checkpoints.get(projector) ?? 0;
    return { projector, checkpoint, lag: Math.max(0, lastPosition - checkpoint) };
  });
}
