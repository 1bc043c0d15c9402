/**
 * The EventStoreDB adapter's recovery logic, without a server (none runs here; the contract suite
 * runs against one where EVENTSTORE_URL is set): an append whose intent is in the fence is finished
 * with the same events, or answered "unavailable" so that the resend with its commandId finds them.
 */
import { UnavailableError, DeadlineExceededError } from '@kurrent/kurrentdb-client';
import { finishIntent, isTransient } from '../../src/store/eventstoredb/availability';
import { isUnavailable, StoreUnavailableError } from '../../src/store/unavailable';

describe('EventStoreDB adapter: finishing an append whose intent is stored', () => {
  it('given the server unreachable twice, when the events are stored again, then the append succeeds with the third try', async () => {
    let calls = 0;
    const result = await finishIntent(
      async () => {
        if (++calls < 3) throw new UnavailableError();
        return { position: 7 };
      },
      isTransient,
      3000,
      async () => undefined,
    );
    expect(result).toEqual({ position: 7 });
    expect(calls).toBe(3);
  });

  it('given the server away past the bound, then the append is answered "unavailable" (retry), not failed', async () => {
    let calls = 0;
    const started = Date.now();
    const failure = await finishIntent(
      async () => {
        calls++;
        throw new DeadlineExceededError();
      },
      isTransient,
      300,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect(isUnavailable(failure)).toBe(true);
    expect(calls).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('given a failure that is not the server being away, then it is thrown as it is, at once', async () => {
    let calls = 0;
    const failure = await finishIntent(
      async () => {
        calls++;
        throw new Error('Stream x moved past revision 3 outside the fence');
      },
      isTransient,
      3000,
    ).catch((error: unknown) => error);
    expect(failure).toEqual(new Error('Stream x moved past revision 3 outside the fence'));
    expect(calls).toBe(1);
  });

  it('tells a server away from a refused request', () => {
    expect(isTransient(new UnavailableError())).toBe(true);
    expect(isTransient(new DeadlineExceededError())).toBe(true);
    expect(isTransient(new RangeError('Invalid expected revision -2'))).toBe(false);
    expect(isTransient(new Error('x'))).toBe(false);
  });
});
