import {
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
} from '@kurrent/kurrentdb-client';
import { backoffMs } from '../../../wire/backoff';
import { StoreUnavailableError } from '../unavailable';

/** Errors of the client that mean "the server is not reachable now", not "the request was wrong". */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof CancelledError ||
    error instanceof NotLeaderError ||
    error instanceof TimeoutError ||
    error instanceof StoreUnavailableError
  );
}

/** Runs a call of the client; a server away becomes StoreUnavailableError (commands answer `retry: true`). */
export async function unavailableAs<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isTransient(error) && !(error instanceof StoreUnavailableError) ? new StoreUnavailableError(error) : error;
  }
}

/**
 * Finishes an append whose intent is stored: `materialize` (idempotent: the same event ids) again
 * after transient failures, with backoff, for at most `withinMs`; then StoreUnavailableError.
 * Any other failure is thrown as it is.
 */
export async function finishIntent<T>(
  materialize: () => Promise<T>,
  transient: (error: unknown) => boolean,
  withinMs: number,
  sleep = defaultSleep,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await materialize();
    } catch (error) {
      if (!transient(error)) throw error;
      const wait = backoffMs(attempt, Math.random(), { capMs: 1000 });
      if (Date.now() + wait > deadline) throw new StoreUnavailableError(error);
      await sleep(wait);
    }
  }
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
