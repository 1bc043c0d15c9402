import { Inject, Injectable } from '@nestjs/common';
import type { ReadProjections } from '../../projections/read';
import { Engine } from '../engine/engine';
import { within } from '../engine/within';
import type { Storage } from '../store/storage';
import type { SqlDatabase } from '../store/sql/sql-database';
import { READ_PROJECTIONS, STORAGE } from '../tokens';

/** How long a read waits for the read models to include what the live state already shows. */
const CATCH_UP_MS = 2000;

/**
 * Reads from the read models see at least what the store held when the read came in: a rating just
 * acknowledged, through this app instance or another one, is in the points table. After a short wait
 * they answer with what they have. Injected where the read models are read: `caughtUp()` answers the
 * database their tables are in.
 */
@Injectable()
export class ReadModelsFence {
  constructor(
    private readonly engine: Engine,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(READ_PROJECTIONS) private readonly readModels: ReadProjections,
  ) {}

  /** Waits (at most CATCH_UP_MS) until the read models hold what the store held now; then their database. */
  async caughtUp(): Promise<SqlDatabase> {
    const target = Math.max(this.engine.live.position, await this.storage.events.lastPosition());
    await within(this.readModels.runner.waitFor(target), CATCH_UP_MS, () => undefined);
    return this.storage.sql;
  }
}
