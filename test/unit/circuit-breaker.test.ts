import { backoffMs } from '../../wire/backoff';
import { CircuitBreaker, isUnavailable, StoreUnavailableError } from '../../src/store/unavailable';

/** A connection refused, as `pg` reports it. */
function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

describe('CircuitBreaker', () => {
  let now: number;
  let breaker: CircuitBreaker;
  let calls: number;
  const call = (outcome: () => unknown) =>
    breaker.call(async () => {
      calls++;
      return outcome();
    });

  beforeEach(() => {
    now = 0;
    calls = 0;
    breaker = new CircuitBreaker({ openMs: 1000, clock: () => now });
  });

  it('given the database refused a call, when more calls come within the open time, then they fail as unavailable without trying', async () => {
    await expect(
      call(() => {
        throw refused();
      }),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
    now = 999;
    await expect(call(() => 'ok')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(calls).toBe(1);
    expect(breaker.isOpen).toBe(true);
  });

  it('given the open time passed, when the probing call succeeds, then the breaker closes', async () => {
    await call(() => {
      throw refused();
    }).catch(() => undefined);
    now = 1000;
    await expect(call(() => 'ok')).resolves.toBe('ok');
    expect(breaker.isOpen).toBe(false);
    await expect(call(() => 'again')).resolves.toBe('again');
  });

  it('given a probe under way, then other calls still fail at once; a failed probe opens the breaker again', async () => {
    await call(() => {
      throw refused();
    }).catch(() => undefined);
    now = 1000;
    let failProbe!: (error: unknown) => void;
    const probe = breaker.call(() => new Promise((_, reject) => (failProbe = reject)));
    await expect(call(() => 'ok')).rejects.toBeInstanceOf(StoreUnavailableError);
    failProbe(refused());
    await expect(probe).rejects.toBeInstanceOf(StoreUnavailableError);
    now = 1999;
    await expect(call(() => 'ok')).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('given an error of the statement itself (a unique violation), then it is thrown as it is and the breaker stays closed', async () => {
    const violation = Object.assign(new Error('duplicate key value'), { code: '23505' });
    await expect(
      call(() => {
        throw violation;
      }),
    ).rejects.toBe(violation);
    expect(breaker.isOpen).toBe(false);
  });
});

describe('isUnavailable', () => {
  it('tells the database being away from a refused statement', () => {
    expect(isUnavailable(refused())).toBe(true);
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(
      isUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ).toBe(true);
    expect(isUnavailable(Object.assign(new Error('could not connect'), { code: '08006' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isUnavailable(new Error('PGlite: could not write block'))).toBe(false);
    expect(isUnavailable('text')).toBe(false);
  });
});

describe('backoffMs', () => {
  it('doubles from the base up to the cap, with jitter in the upper half', () => {
    expect([0, 1, 2, 5, 20].map((n) => backoffMs(n, 1))).toEqual([100, 200, 400, 3000, 3000]);
    expect([0, 1, 2, 5, 20].map((n) => backoffMs(n, 0))).toEqual([50, 100, 200, 1500, 1500]);
  });
});
