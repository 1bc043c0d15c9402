import type { EventType } from '../../events';
import type { PositionedEvent } from './logged-events';
import type { ReadSqlSession } from './sql';

/**
 * A read model's writer. `apply` gets the events of one subscription batch that the projector has
 * not seen yet, in log order, inside the transaction that also moves its checkpoint: rows and
 * checkpoint commit together or not at all.
 */
export interface Projector {
  readonly name: string;
  /**
   * What its tables hold, as this code makes them: raise it whenever `apply` (or its entity) changes
   * what a row would be, and a start rebuilds the projection beside the tables in use, then swaps
   * (rebuild-beside.ts). A database from before versions counts as version 1.
   */
  readonly version: number;
  /** The tables it owns: emptied when it is rebuilt. */
  readonly tables: readonly string[];
  /**
   * The event types `apply` reads: it is handed only these, and a batch with none of any projector's
   * types costs the runner no transaction (test/projections/projector-types.test.ts checks the list).
   */
  readonly types: readonly EventType[];
  apply(tx: ReadSqlSession, events: readonly PositionedEvent[]): Promise<void>;
}
