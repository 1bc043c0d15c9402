import { Logger } from '@nestjs/common';
import type { ProjectorLag } from '../../projections/read/lag';
import type { EventStore } from '../store/event-store';
import { within } from '../engine/within';

/** What the last look at the store found. */
export interface StoreSeen {
  /** The log's last position, or null when the store did not answer. */
  lastPosition: number | null;
  /** Why it did not answer. */
  error: string | null;
  projections: ProjectorLag[];
}

/**
 * Looks at the store in the background and keeps what it saw, so that liveness answers from memory
 * and readiness within its bound: a look never takes longer than `timeoutMs` to report, however long
 * the store takes (a look still under way is shared, never started twice).
 */
export class StoreWatch {
  private seen: StoreSeen | null = null;
  private looking: Promise<StoreSeen> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly logger = new Logger('Health');

  constructor(
    private readonly store: Pick<EventStore, 'lastPosition'>,
    /** The read projections' lag behind `last`, the log's last position this look just read. */
    private readonly projections: (last: number) => Promise<ProjectorLag[]>,
    private readonly timeoutMs: number,
  ) {}

  get last(): StoreSeen | null {
    return this.seen;
  }

  /** Looks every `everyMs` in the background (the timer keeps no process alive). */
  start(everyMs: number): void {
    this.timer = setInterval(() => void this.look(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Looks now (or joins the look under way); at most `timeoutMs` later it reports, as "did not answer" if need be. */
  look(): Promise<StoreSeen> {
    this.looking ??= this.lookOnce().finally(() => (this.looking = null));
    return within(this.looking, this.timeoutMs, (): StoreSeen => ({
      lastPosition: null,
      error: `keine Antwort innerhalb von ${this.timeoutMs} ms`,
      projections: this.seen?.projections ?? [],
    }));
  }

  private async lookOnce(): Promise<StoreSeen> {
    let seen: StoreSeen;
    try {
      const lastPosition = await this.store.lastPosition();
      const projections = await this.projections(lastPosition).catch(() => this.seen?.projections ?? []);
      seen = { lastPosition, error: null, projections };
    } catch (error) {
      seen = {
        lastPosition: null,
        error: error instanceof Error ? error.message : String(error),
        projections: this.seen?.projections ?? [],
      };
    }
    // The error is for the operator's log (it may name hosts and databases), once when it starts or changes; the answers say only "not reached".
    if (seen.error !== null && seen.error !== this.seen?.error)
      this.logger.warn(`Datenbank nicht erreicht: ${seen.error}`);
    this.seen = seen;
    return seen;
  }
}
