/**
 * The little SQL surface the write side needs, implemented by PGlite (embedded) and `pg` (Postgres).
 * Both run the same statements, so the event store and the write-side tables have one implementation.
 */
export interface SqlSession {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface SqlDatabase extends SqlSession {
  readonly kind: 'embedded' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons (schema setup). */
  exec(sql: string): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`; resolves to an unlisten function. `onResume`: the
   * listening connection was lost and is back (notifications may have been missed meanwhile).
   */
  listen(channel: string, onNotify: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
