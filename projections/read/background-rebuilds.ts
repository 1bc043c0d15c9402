import { backoffMs } from '../../wire/backoff';
import { present } from '../live/state/present';
import { storedVersion, type StaleProjection } from './projection-versions';
import type { RebuildProgress } from './rebuild';
import { rebuildBeside } from './rebuild-beside';
import type { EventLog, ReadSqlDatabase } from './sql';

/** A projection a server rebuilds because its tables were built by another version (GET /api/ready says so). */
export interface RebuildStatus {
  projector: string;
  /** The version that built the tables in use. */
  from: number;
  /** The version being built. */
  to: number;
  /** null: waits for the rebuilds before it. */
  progress: RebuildProgress | null;
}

/** What a server tells about its rebuilds (its log). */
export interface RebuildReport {
  started?(status: RebuildStatus): void;
  progress?(status: RebuildStatus): void | Promise<void>;
  finished?(status: RebuildStatus, swapped: boolean): void;
  failed?(status: RebuildStatus, error: unknown, retryInMs: number): void;
}

export interface BackgroundRebuildOptions {
  batchSize?: number;
  report?: RebuildReport;
}

/**
 * The stale projections of a start, rebuilt one after the other beside their tables while the server
 * serves (rebuildBeside). A failed try is retried from where its build got to, after a backoff, until
 * it succeeds, another process has swapped the version in, or `stop`.
 */
export class BackgroundRebuilds {
  private readonly waiting: RebuildStatus[];
  private readonly stopping = new AbortController();
  private wakeFromBackoff: (() => void) | null = null;
  /** Resolves when every rebuild is done (or stopped). */
  readonly done: Promise<void>;

  constructor(
    private readonly db: ReadSqlDatabase,
    private readonly log: EventLog,
    stale: readonly StaleProjection[],
    private readonly options: BackgroundRebuildOptions = {},
  ) {
    this.waiting = stale.map(({ projector, stored }) => ({
      projector: projector.name,
      from: stored,
      to: projector.version,
      progress: null,
    }));
    this.done = this.run(stale);
  }

  /** The rebuilds not yet done, the one under way first. */
  get pending(): RebuildStatus[] {
    return this.waiting.map((status) => ({ ...status }));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.wakeFromBackoff?.();
    await this.done;
  }

  private async run(stale: readonly StaleProjection[]): Promise<void> {
    for (const { projector } of stale) {
      const status = present(this.waiting[0], `the status of the rebuild of ${projector.name}`);
      this.options.report?.started?.(status);
      for (let attempt = 0; !this.stopping.signal.aborted; attempt++) {
        try {
          const outcome = await rebuildBeside(this.db, this.log, projector, {
            batchSize: this.options.batchSize,
            signal: this.stopping.signal,
            onProgress: (progress) => {
              status.progress = progress;
              return this.options.report?.progress?.(status);
            },
          });
          this.options.report?.finished?.(status, outcome.swapped);
          break;
        } catch (error) {
          if (this.stopping.signal.aborted) return;
          if ((await storedVersion(this.db, projector.name).catch(() => null)) === projector.version) {
            this.options.report?.finished?.(status, false); // another process swapped it in under this one's build
            break;
          }
          const waitMs = backoffMs(attempt, Math.random());
          this.options.report?.failed?.(status, error, waitMs);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, waitMs);
            this.wakeFromBackoff = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      }
      if (this.stopping.signal.aborted) return;
      this.waiting.shift();
    }
  }
}
