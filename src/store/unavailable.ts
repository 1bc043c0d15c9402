/**
 * The database cannot be reached (refused, cut, timed out, or the breaker is open). Commands answer
 * it with `retry: true`, HTTP with 503; the loops that read the log back off and resume.
 */
export class StoreUnavailableError extends Error {
  constructor(readonly reason: unknown) {
    super(`The database is unreachable: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'StoreUnavailableError';
  }
}

/** PROTOCOL.md wave 3, "The database may fail". */
export const STORE_UNAVAILABLE_TEXT =
  'Der Server erreicht seine Datenbank gerade nicht. Bitte versuche es gleich noch einmal.';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATE classes and codes that mean "the server is not there right now", not "this statement is wrong". */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** Whether an error from the driver means the database is away (as opposed to a statement it refused). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  // Not `instanceof Error`: Node's socket errors may come from another realm (a vm context, as in Jest).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')))
    return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error|Connection ended|not queryable/i.test(
      message,
    )
  );
}

export interface BreakerOptions {
  /** How long calls fail at once after the database was found away, before one call may try again. */
  openMs?: number;
  clock?: () => number;
}

/**
 * A small circuit breaker: after a call found the database away, calls fail at once for `openMs`;
 * then one call goes through (half open) and its outcome closes or reopens the breaker. So thousands
 * of commands during an outage cost no waiting queries, and the first call after it finds the way
 * back within `openMs`. (A library such as cockatiel or opossum does the same with more states and
 * options than this needs; see docs/decisions/database-faults.md.)
 */
export class CircuitBreaker {
  private openUntil = 0;
  private probing = false;
  private lastFailure: unknown = null;
  private readonly openMs: number;
  private readonly clock: () => number;

  constructor(options: BreakerOptions = {}) {
    this.openMs = options.openMs ?? 1000;
    this.clock = options.clock ?? Date.now;
  }

  /** Whether the last call found the database away (the breaker is open or probing). */
  get isOpen(): boolean {
    return this.lastFailure !== null;
  }

  async call<T>(work: () => Promise<T>): Promise<T> {
    if (this.lastFailure !== null) {
      if (this.clock() < this.openUntil || this.probing) throw new StoreUnavailableError(this.lastFailure);
      this.probing = true;
    }
    const probe = this.probing;
    try {
      const result = await work();
      this.lastFailure = null;
      return result;
    } catch (error) {
      if (isUnavailable(error)) {
        this.lastFailure = error;
        this.openUntil = this.clock() + this.openMs;
        throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(error);
      }
      if (probe) this.lastFailure = null; // the database answered, if with an error of the statement
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
  }
}
