import type { Request } from 'express';
import type { SqlDatabase } from '../store/sql/sql-database';
import { MINUTE, minutesText, minutesUntilWindowEnds, WindowCounter, type WindowLimit } from '../limits/window-counter';
import { uniqueNameKey } from '../../projections/live';

/**
 * Limits of the HTTP doors that an attacker would hammer (docs/protocol.md, Limits): failed logins per
 * (login name, address) and per address, counted in the write side's SQL database (shared by every
 * instance on Postgres: LoginLimits); registrations per address, counted in memory per process
 * (HttpLimits). All in fixed windows.
 */

/**
 * A player who forgot the password tries a handful of times; ten failures in 15 minutes for one name
 * from one address is a guesser. Counted per (name, address) pair: failures from one address never
 * lock the name out for anybody else (`admin` is a public name).
 */
export const FAILED_LOGINS_PER_NAME: WindowLimit = { max: 10, windowMs: 15 * MINUTE };
/**
 * The ceiling per address, whatever the names. Many players can share one address (a pub's Wi-Fi, a
 * school, mobile carrier NAT); at the start of a night some mistype once or twice. 100 failures in 15
 * minutes leaves room for that, not for guessing.
 */
export const FAILED_LOGINS_PER_ADDRESS: WindowLimit = { max: 100, windowMs: 15 * MINUTE };
/** A pub or school class registering together on one Wi-Fi makes a few dozen; a script makes thousands. */
export const REGISTRATIONS_PER_ADDRESS: WindowLimit = { max: 60, windowMs: 60 * MINUTE };

export const LIMIT_TEXTS = {
  loginName: (minutes: number) =>
    `Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  loginAddress: (minutes: number) =>
    `Zu viele fehlgeschlagene Anmeldungen von deinem Anschluss. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  registrations: (minutes: number) =>
    `Von deinem Anschluss wurden gerade zu viele Nutzeraccounts angelegt. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
} as const;

/** The registration limit of one server process. */
export class HttpLimits {
  private readonly registrations = new WindowCounter(REGISTRATIONS_PER_ADDRESS);

  constructor(private readonly clock: () => number = Date.now) {}

  /** Counts a registration attempt; the German reason when the address has made too many. */
  registration(address: string): string | null {
    const blocked = this.registrations.takeOrWait(address, this.clock());
    return blocked > 0 ? LIMIT_TEXTS.registrations(blocked) : null;
  }
}

/** The client's address: the socket's peer, or what a trusted proxy says (TRUST_PROXY, README). */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/** Rows of windows that ended are deleted after this many recorded failures (per process). */
const SWEEP_EVERY = 200;

/**
 * Failed logins per (login name, address) and per address, in a table of the write side's database:
 * on Postgres every app instance counts into the same rows (one upsert per failure, atomic), embedded
 * the one process does. Read before the password is verified, so a refused login costs no hash.
 * The table `login_failures` comes from the write side's migrations (src/store/sql/migrations.ts).
 */
export class LoginLimits {
  private failuresSinceSweep = 0;

  private constructor(private readonly db: SqlDatabase, private readonly clock: () => number) {}

  static async open(db: SqlDatabase, clock: () => number = Date.now): Promise<LoginLimits> {
    return new LoginLimits(db, clock);
  }

  /** The German reason a login may not be tried now from this address, or null. */
  async refusal(login: string, address: string): Promise<string | null> {
    const now = this.clock();
    const keys = [pairKey(login, address), addressKey(address)];
    const rows = await this.db.query<{ key: string; failures: number; window_start: Date | string }>(
      'SELECT key, failures, window_start FROM login_failures WHERE key = $1 OR key = $2', keys,
    );
    const blocked = (key: string, limit: WindowLimit): number => {
      const row = rows.find((r) => r.key === key);
      return row && row.failures >= limit.max ? minutesUntilWindowEnds(new Date(row.window_start).getTime(), limit, now) : 0;
    };
    const byPair = blocked(keys[0]!, FAILED_LOGINS_PER_NAME);
    if (byPair > 0) return LIMIT_TEXTS.loginName(byPair);
    const byAddress = blocked(keys[1]!, FAILED_LOGINS_PER_ADDRESS);
    return byAddress > 0 ? LIMIT_TEXTS.loginAddress(byAddress) : null;
  }

  async failed(login: string, address: string): Promise<void> {
    const now = this.clock();
    await this.count(pairKey(login, address), FAILED_LOGINS_PER_NAME, now);
    await this.count(addressKey(address), FAILED_LOGINS_PER_ADDRESS, now);
    if (++this.failuresSinceSweep >= SWEEP_EVERY) {
      this.failuresSinceSweep = 0;
      const longest = Math.max(FAILED_LOGINS_PER_NAME.windowMs, FAILED_LOGINS_PER_ADDRESS.windowMs);
      await this.db.query('DELETE FROM login_failures WHERE window_start <= $1', [new Date(now - longest).toISOString()]);
    }
  }

  /** A successful login forgets the pair's failures (not the address's). */
  async succeeded(login: string, address: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE key = $1', [pairKey(login, address)]);
  }

  /** An erased account's failed logins go with it (the keys hold the login). */
  async forget(login: string): Promise<void> {
    await this.db.query("DELETE FROM login_failures WHERE key LIKE 'pair %' AND right(key, $2) = $1", [` ${uniqueNameKey(login)}`, uniqueNameKey(login).length + 1]);
  }

  /** One more failure in the key's window; a window that has ended starts afresh at 1. */
  private async count(key: string, limit: WindowLimit, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO login_failures (key, failures, window_start) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN login_failures.window_start <= $3 THEN 1 ELSE login_failures.failures + 1 END,
         window_start = CASE WHEN login_failures.window_start <= $3 THEN EXCLUDED.window_start ELSE login_failures.window_start END`,
      [key, new Date(now).toISOString(), new Date(now - limit.windowMs).toISOString()],
    );
  }
}

function pairKey(login: string, address: string): string {
  return `pair ${address} ${uniqueNameKey(login)}`; // logins are case-insensitive, so are their failures
}

function addressKey(address: string): string {
  return `address ${address}`;
}
