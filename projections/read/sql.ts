/**
 * The SQL and event-log surfaces the read side needs, declared here structurally so that
 * projections/ does not import src/ (dependencies point src → projections → events). The server's
 * `SqlDatabase` (PGlite or Postgres) and `EventStore` satisfy them as they are.
 */

export interface ReadSqlSession {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface ReadSqlDatabase extends ReadSqlSession {
  readonly kind: 'embedded' | 'postgres';
  /** Committed when `work` resolves, rolled back when it throws. */
  transaction<T>(work: (tx: ReadSqlSession) => Promise<T>): Promise<T>;
}

/** An event as the store hands it out. */
export interface LoggedEvent {
  position: number;
  streamId: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface LogSubscription {
  readonly position: number;
  readonly caughtUp: Promise<void>;
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

export interface EventLog {
  subscribe(
    handler: (events: LoggedEvent[]) => Promise<void>,
    options?: { after?: number; batchSize?: number },
  ): LogSubscription;
  lastPosition(): Promise<number>;
}
