import { Client, Pool, types, type ClientConfig, type PoolClient, type QueryConfig } from 'pg';
import { backoffMs } from '../../../wire/backoff';
import { CircuitBreaker, isUnavailable } from '../unavailable';
import { SCHEMA_LOCK } from './schema-lock';
import type { SqlDatabase, SqlSession } from './sql-database';

// int8 (positions, counts) as text would leak strings into the domain; our values stay below 2^53.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

/**
 * Bounds on every database call, so that nothing waits on a database that is away or stalled: a
 * command is answered within 5 s (PROTOCOL.md wave 3): at most a wait for a connection plus one
 * statement, and once the breaker is open, at once.
 */
export interface PostgresTimeouts {
  /** Waiting for a connection (a new one, or a free one of the pool). */
  connectMs: number;
  /** One statement: the client gives up on it (query_timeout; a stalled network sends no error). */
  statementMs: number;
  /**
   * One statement while the server starts (until `serving()`): schema setup may wait on another
   * instance's schema lock for as long as that one's setup takes.
   */
  startupStatementMs: number;
  /** How long calls fail at once after the database was found away. */
  breakerOpenMs: number;
}

export const DEFAULT_TIMEOUTS: PostgresTimeouts = {
  connectMs: 1500,
  statementMs: 3000,
  startupStatementMs: 60_000,
  breakerOpenMs: 1000,
};

/** Postgres through `pg`, used when DATABASE_URL is set. */
export class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgres' as const;
  /** Open while the database was last found away. Public only for test/e2e/store-faults.test.ts, which reads `isOpen`. */
  readonly breaker: CircuitBreaker;

  /** The bound of one statement now (generous while starting, see PostgresTimeouts). */
  private statementMs: number;

  private constructor(
    private readonly pool: Pool,
    private readonly clientConfig: ClientConfig,
    private readonly timeouts: PostgresTimeouts,
  ) {
    this.breaker = new CircuitBreaker({ openMs: timeouts.breakerOpenMs });
    this.statementMs = timeouts.startupStatementMs;
  }

  /** The server is up: from now on every statement is bounded by `statementMs`. */
  serving(): void {
    this.statementMs = this.timeouts.statementMs;
  }

  static async open(
    connectionString: string,
    timeouts: PostgresTimeouts = DEFAULT_TIMEOUTS,
  ): Promise<PostgresDatabase> {
    const clientConfig: ClientConfig = {
      connectionString,
      connectionTimeoutMillis: timeouts.connectMs,
      // A client that vanished mid-transaction (a network stall: the server never hears it go) must
      // not hold the append lock for long: the server ends such a session after this.
      idle_in_transaction_session_timeout: timeouts.statementMs * 2,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    };
    const pool = new Pool({ ...clientConfig, max: 10 });
    pool.on('error', () => undefined); // an idle client dying is not fatal: the pool replaces it
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresDatabase(pool, clientConfig, timeouts);
  }

  query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.breaker.call(async () => (await this.pool.query(bounded(sql, params, this.statementMs))).rows as Row[]);
  }

  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T> {
    return this.breaker.call(() => this.inTransaction(work));
  }

  private async inTransaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A checked-out client has no listener of the pool's: a connection dying between two statements
    // would otherwise be an unhandled 'error' event, and end the process.
    let broken: unknown = null;
    const onError = (error: unknown) => (broken = error);
    client.on('error', onError);
    const run = async <Row>(sql: string, params: unknown[] = []) =>
      (await client.query(bounded(sql, params, this.statementMs))).rows as Row[];
    try {
      await run('BEGIN');
      const result = await work({ query: run });
      await run('COMMIT');
      return result;
    } catch (error) {
      if (isUnavailable(error)) broken ??= error;
      else await run('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    } finally {
      release(client, broken, onError);
    }
  }

  /**
   * Schema setup, one process at a time: two processes starting at once on a fresh database would
   * otherwise race on CREATE TABLE IF NOT EXISTS (both see no table, one fails on the catalog's unique index).
   */
  async exec(sql: string): Promise<void> {
    await this.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await tx.query(sql);
    });
  }

  /**
   * LISTEN needs a connection of its own that stays open; it is not taken from the pool. When that
   * connection dies it is opened again (backing off while the database is away) and `onResume` is
   * called: notifications sent meanwhile are lost, so the caller reloads what they would have told.
   */
  async listen(
    channel: string,
    onNotify: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>> {
    const listener = new Listener(this.clientConfig, channel, onNotify, onResume);
    await listener.connect();
    return () => listener.close();
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** A statement with its own client-side timeout (pg reads `query_timeout` from the query config; its types do not list it). */
function bounded(text: string, values: unknown[], timeoutMs: number): QueryConfig {
  return { text, values, query_timeout: timeoutMs } as QueryConfig;
}

function release(client: PoolClient, broken: unknown, onError: (error: unknown) => void): void {
  client.removeListener('error', onError);
  if (broken) client.on('error', () => undefined); // a late error of a client being destroyed
  client.release(broken ? (broken instanceof Error ? broken : new Error(String(broken))) : undefined); // an error destroys the client
}

/** One LISTEN connection that comes back after it died. */
class Listener {
  private client: Client | null = null;
  /** A connection being opened (close ends it too). */
  private connecting: Client | null = null;
  private closed = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: ClientConfig,
    private readonly channel: string,
    private readonly onNotify: (payload: string) => void,
    private readonly onResume?: () => void,
  ) {}

  async connect(): Promise<void> {
    // An idle LISTEN session is fine; a stalled one is found by keepalive.
    const client = new Client({ ...this.config, idle_in_transaction_session_timeout: undefined });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      this.reconnectLater();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onNotify(message.payload ?? '');
    });
    this.connecting = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(this.channel)}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => undefined);
      throw error;
    } finally {
      if (this.connecting === client) this.connecting = null;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
  }

  private reconnectLater(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.connect().then(
          () => {
            if (!this.closed) this.onResume?.();
          },
          () => this.reconnectLater(),
        );
      },
      backoffMs(this.attempt++, Math.random()),
    );
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const clients = [this.client, this.connecting];
    this.client = null;
    await Promise.all(clients.map((client) => client?.end().catch(() => undefined)));
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
