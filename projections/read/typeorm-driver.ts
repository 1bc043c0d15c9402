/**
 * A `pg`-shaped driver module for TypeORM's "postgres" driver that runs every statement through our
 * `ReadSqlDatabase`. TypeORM then works on the embedded PGlite instance the server already has open
 * (one per process) and on Postgres alike, sharing the server's connection pool instead of opening
 * one of its own. See docs/decisions/read-projections.md.
 *
 * Transactions: TypeORM sends START TRANSACTION / COMMIT / ROLLBACK as statements on one connection.
 * Here they open and settle a real `db.transaction(...)`, and the statements in between run on that
 * transaction's session. That is what makes it safe on PGlite, whose single connection would
 * otherwise interleave other callers' statements into TypeORM's transaction.
 */
import type { ReadSqlDatabase, ReadSqlSession } from './sql';

/** Every TypeORM transaction (in practice: schema synchronization) holds this advisory lock, so two
 * processes starting at once do not race on CREATE TABLE. */
export const READ_MODEL_SCHEMA_LOCK = 727_202;

interface PgLikeResult {
  rows: unknown[];
  rowCount: number;
  command: string;
}

type QueryCallback = (error: Error | null, result?: PgLikeResult) => void;
type ConnectCallback = (error: Error | null, connection?: SqlConnection, release?: (error?: unknown) => void) => void;

const ROLLED_BACK = Symbol('rolled back');

interface OpenTransaction {
  session: ReadSqlSession;
  /** The schema lock is taken before the first statement that is not SET TRANSACTION (which must come first). */
  locked: boolean;
  settle: (commit: boolean) => void;
  finished: Promise<void>;
}

function commandOf(sql: string): string {
  return (/^\s*([a-z]+)/i.exec(sql)?.[1] ?? '').toUpperCase();
}

/** One TypeORM "connection": plain statements go to the database, a transaction gets its own session. */
export class SqlConnection {
  private transaction: OpenTransaction | null = null;

  constructor(private readonly db: ReadSqlDatabase) {}

  query(
    sql: string,
    paramsOrCallback?: unknown[] | QueryCallback,
    callback?: QueryCallback,
  ): Promise<PgLikeResult> | undefined {
    const params = Array.isArray(paramsOrCallback) ? paramsOrCallback : [];
    const done = typeof paramsOrCallback === 'function' ? paramsOrCallback : callback;
    const result = this.run(sql, params);
    if (!done) return result;
    result.then(
      (r) => done(null, r),
      (error: Error) => done(error),
    );
    return undefined;
  }

  on(): this {
    return this;
  }

  removeListener(): this {
    return this;
  }

  private async run(sql: string, params: unknown[]): Promise<PgLikeResult> {
    const command = commandOf(sql);
    if (command === 'START' || command === 'BEGIN') return this.begin();
    if (command === 'COMMIT') return this.finish(true);
    if (command === 'ROLLBACK' && !/\bTO\b/i.test(sql)) return this.finish(false);
    const open = this.transaction;
    if (open && !open.locked && !/^\s*SET\s+TRANSACTION\b/i.test(sql)) {
      await open.session.query('SELECT pg_advisory_xact_lock($1)', [READ_MODEL_SCHEMA_LOCK]);
      open.locked = true;
    }
    const rows = await (open?.session ?? this.db).query(sql, params);
    return { rows, rowCount: rows.length, command };
  }

  private begin(): Promise<PgLikeResult> {
    if (this.transaction) return Promise.reject(new Error('A transaction is already open on this connection'));
    return new Promise((started, failed) => {
      let settle!: (commit: boolean) => void;
      const outcome = new Promise<boolean>((resolve) => (settle = resolve));
      const finished = this.db
        .transaction(async (session) => {
          this.transaction = { session, locked: false, settle, finished };
          started({ rows: [], rowCount: 0, command: 'BEGIN' });
          if (!(await outcome)) throw ROLLED_BACK;
        })
        .catch((error: unknown) => {
          if (error !== ROLLED_BACK) throw error;
        });
      finished.catch((error: unknown) => failed(error));
    });
  }

  private async finish(commit: boolean): Promise<PgLikeResult> {
    const open = this.transaction;
    if (!open) return { rows: [], rowCount: 0, command: commit ? 'COMMIT' : 'ROLLBACK' };
    this.transaction = null;
    open.settle(commit);
    await open.finished;
    return { rows: [], rowCount: 0, command: commit ? 'COMMIT' : 'ROLLBACK' };
  }
}

/** The module object TypeORM expects in `driver`: `new driver.Pool(options)`. */
export function sqlDatabaseDriver(db: ReadSqlDatabase): { Pool: new (options?: unknown) => SqlPool } {
  return {
    Pool: class extends SqlPool {
      constructor() {
        super(db);
      }
    },
  };
}

export class SqlPool {
  constructor(private readonly db: ReadSqlDatabase) {}

  connect(callback: ConnectCallback): void {
    callback(null, new SqlConnection(this.db), () => undefined);
  }

  on(): this {
    return this;
  }

  /** The database belongs to whoever opened it; TypeORM closing its "pool" leaves it open. */
  end(callback?: (error?: Error) => void): void {
    callback?.();
  }
}
