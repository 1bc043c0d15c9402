import type { Request } from 'express';
import type { SqlDatabase } from '../store/sql/sql-database';
import { MINUTE, minutesText, minutesUntilWindowEnds, type WindowLimit } from './window-counter';
import { SharedWindowCounter } from './shared-window-counter';
import { isIPv6 } from 'node:net';
import { uniqueNameKey } from '../../projections/live';
import { dropOldest, present } from '../../projections/live/state/present';

/**
 * Limits of the HTTP doors that an attacker would hammer (docs/protocol.md, Limits): login attempts per
 * (login name, address), per address and per known device (LoginLimits), and registrations per address
 * (RegistrationLimit), all counted in the write side's SQL database: shared by every instance on Postgres.
 * All in fixed windows.
 */

/** The window of every failed-login count (per pair, address and device): one window, so one statement counts an attempt under all its keys. */
const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE;

/**
 * A player who forgot the password tries a handful of times; ten failures in 15 minutes for one name
 * from one address is a guesser. Counted per (name, address) pair: failures from one address never
 * lock the name out for anybody else (`admin` is a public name).
 */
export const FAILED_LOGINS_PER_NAME: WindowLimit = { max: 10, windowMs: LOGIN_FAILURE_WINDOW_MS };
/**
 * The ceiling per address, whatever the names. Many players can share one address (a pub's Wi-Fi, a
 * school, mobile carrier NAT); at the start of a night some mistype once or twice. 100 failures in 15
 * minutes leaves room for that, not for guessing.
 */
export const FAILED_LOGINS_PER_ADDRESS: WindowLimit = { max: 100, windowMs: LOGIN_FAILURE_WINDOW_MS };
/** A pub or school class registering together on one Wi-Fi makes a few dozen; a script makes thousands. */
export const REGISTRATIONS_PER_ADDRESS: WindowLimit = { max: 60, windowMs: 60 * MINUTE };

export const LOGIN_LIMIT_TEXTS = {
  loginName: (minutes: number) =>
    `Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  loginAddress: (minutes: number) =>
    `Zu viele fehlgeschlagene Anmeldungen von deinem Anschluss. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  registrations: (minutes: number) =>
    `Von deinem Anschluss wurden gerade zu viele Nutzeraccounts angelegt. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  nameLineFull:
    'Gerade wird für diesen Nutzernamen sehr oft ein Passwort geprüft. Bitte versuche es in einem Moment noch einmal.',
} as const;

/**
 * Verifications of one login name that may wait behind the running one in a line (a few: a player
 * who double-clicks, two devices at once); more are refused at once with 429 and `Retry-After`,
 * without counting as failed (docs/decisions/trust-third-round.md).
 */
export const WAITING_PER_NAME = 4;
/** The `Retry-After` of a full line, in seconds: a line of five verifications drains well within it. */
export const NAME_LINE_RETRY_SECONDS = 1;
/** How many login names remember the address of their last successful login (the oldest is forgotten first). */
const LAST_ADDRESSES_KEPT = 10_000;

/** A place in a login name's line (LoginLimits.enterLine). */
export interface LinePlace {
  run<T>(verify: () => Promise<T>): Promise<T>;
  leave(): void;
}

/** The line of a login name is full: refused before any verification, not counted. */
export class NameLineFull extends Error {
  constructor() {
    super(LOGIN_LIMIT_TEXTS.nameLineFull);
    this.name = 'NameLineFull';
  }
}

/** Registrations per address, shared by the instances on one database (a registration appends to the log). */
export class RegistrationLimit {
  private constructor(
    private readonly registrations: SharedWindowCounter,
    private readonly clock: () => number,
  ) {}

  static async open(db: SqlDatabase, clock: () => number = Date.now): Promise<RegistrationLimit> {
    return new RegistrationLimit(await SharedWindowCounter.open(db, 'registrations', REGISTRATIONS_PER_ADDRESS), clock);
  }

  /** Counts a registration attempt; the German reason when the address has made too many. */
  async registration(address: string): Promise<string | null> {
    const blocked = await this.registrations.takeOrWait(address, this.clock());
    return blocked > 0 ? LOGIN_LIMIT_TEXTS.registrations(blocked) : null;
  }
}

/**
 * The client's address as every per-address limit counts it: the socket's peer, or what a trusted
 * proxy says (TRUST_PROXY, README); an IPv6 address by its /64 network (one subscriber's line gets a
 * /64: counted whole, it would be millions of addresses), an IPv4-mapped one as IPv4.
 */
export function clientAddress(request: Request): string {
  return addressKey(request.ip ?? request.socket.remoteAddress ?? 'unknown');
}

export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  // An IPv4 address has no colon: net.isIPv6's long expression is not run on every socket of a reconnect storm.
  if (!address.includes(':') || !isIPv6(address)) return address;
  const zone = address.indexOf('%');
  const groups = expandIPv6(zone === -1 ? address : address.slice(0, zone));
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The eight groups of an IPv6 address (without leading zeros, lower case), or null. */
function expandIPv6(address: string): string[] | null {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    Number.parseInt(g || '0', 16).toString(16),
  );
}

/** Rows of windows that ended are deleted after this many counted attempts (per process). */
const SWEEP_EVERY = 200;

/** A known device (src/auth/device-tokens.ts) that fails this often in 15 minutes is locked itself. */
export const FAILED_LOGINS_PER_DEVICE: WindowLimit = { max: 10, windowMs: LOGIN_FAILURE_WINDOW_MS };

/** What a counted attempt holds, to be given back when the password was right. */
export interface LoginAttempt {
  login: string;
  address: string;
  device: string | null;
}

/**
 * Login attempts per (login name, address) and per address, or per known device, in a table of the
 * write side's database: on Postgres every app instance counts into the same rows, embedded the one
 * process does. An attempt is counted before its password is verified (one atomic upsert per key):
 * a burst of concurrent attempts cannot slip past the limit while the first are being hashed. A right
 * password gives the attempt back. At most one verification per line of a login name runs at a time
 * in a process; a few wait their turn, more are refused (see oneAtATime).
 * The table `login_failures` comes from the write side's migrations (src/store/sql/migrations.ts).
 */
export class LoginLimits {
  private countsSinceSweep = 0;
  /** Per line (see lineOf): the end of the line, and how many are in it (the running one and those waiting). */
  private readonly lines = new Map<string, { tail: Promise<void>; length: number }>();
  /** Per login name key, the address key of its last successful login in this process. */
  private readonly lastAddresses = new Map<string, string>();

  private constructor(
    private readonly db: SqlDatabase,
    private readonly clock: () => number,
  ) {}

  static async open(db: SqlDatabase, clock: () => number = Date.now): Promise<LoginLimits> {
    return new LoginLimits(db, clock);
  }

  /**
   * Counts the attempt (as failed until `succeeded`); the German refusal when it is beyond a limit.
   * `device`: the nonce of a valid known-device cookie for this login: then only the device's own
   * failures count, not the pair's or the address's.
   */
  async attempt(attempt: LoginAttempt): Promise<string | null> {
    const now = this.clock();
    if (attempt.device !== null) {
      // The owner's device never sweeps: its one statement does not wait for a sweep that guesses made due.
      const [byDevice = 0] = await this.count([[deviceKey(attempt.device), FAILED_LOGINS_PER_DEVICE]], now);
      return byDevice > 0 ? LOGIN_LIMIT_TEXTS.loginName(byDevice) : null;
    }
    await this.sweep(now);
    const [byPair = 0, byAddress = 0] = await this.count(
      [
        [pairKey(attempt.login, attempt.address), FAILED_LOGINS_PER_NAME],
        [addressKeyOf(attempt.address), FAILED_LOGINS_PER_ADDRESS],
      ],
      now,
    );
    if (byPair > 0) return LOGIN_LIMIT_TEXTS.loginName(byPair);
    return byAddress > 0 ? LOGIN_LIMIT_TEXTS.loginAddress(byAddress) : null;
  }

  /** The password was right: the pair's (or device's) failures are forgotten, the address gets this attempt back. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const name = uniqueNameKey(attempt.login);
    this.lastAddresses.delete(name); // re-inserted last: the map forgets the oldest first
    this.lastAddresses.set(name, addressKeyOf(attempt.address));
    if (this.lastAddresses.size > LAST_ADDRESSES_KEPT) dropOldest(this.lastAddresses);
    if (attempt.device !== null) {
      await this.db.query('DELETE FROM login_failures WHERE key = $1', [deviceKey(attempt.device)]);
      return;
    }
    // One row per statement: only the count below holds one row while it waits for another (see there).
    await this.db.query('DELETE FROM login_failures WHERE key = $1', [pairKey(attempt.login, attempt.address)]);
    await this.db.query('UPDATE login_failures SET failures = GREATEST(0, failures - 1) WHERE key = $1', [
      addressKeyOf(attempt.address),
    ]);
  }

  /** The password was never verified (the server was too busy): the attempt does not count. */
  async giveBack(attempt: LoginAttempt): Promise<void> {
    const keys =
      attempt.device !== null
        ? [deviceKey(attempt.device)]
        : [pairKey(attempt.login, attempt.address), addressKeyOf(attempt.address)];
    for (const key of keys)
      await this.db.query('UPDATE login_failures SET failures = GREATEST(0, failures - 1) WHERE key = $1', [key]);
  }

  /**
   * A place in the attempt's line, taken as the attempt arrives (before it is counted: a full line
   * refuses without a database query); throws NameLineFull when WAITING_PER_NAME already wait behind
   * the running one. A login name has three kinds of line: one per known device (its cookie), one for
   * the address that last logged in with the name, and one for everybody else. Guesses from elsewhere
   * wait in the last: they never delay the device or the place the owner logged in from, and a burst
   * for one name still takes one hashing thread. `run` verifies in turn; `leave` gives the place back
   * unused (the attempt was refused before its verification).
   */
  enterLine(attempt: LoginAttempt): LinePlace {
    const key = this.lineOf(attempt);
    const line = this.lines.get(key) ?? { tail: Promise.resolve(), length: 0 };
    if (line.length > WAITING_PER_NAME) throw new NameLineFull();
    line.length++;
    this.lines.set(key, line);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      if (--line.length === 0 && this.lines.get(key) === line) this.lines.delete(key);
    };
    return {
      run: async <T>(verify: () => Promise<T>): Promise<T> => {
        const run = line.tail.then(verify);
        line.tail = run.then(
          () => undefined,
          () => undefined,
        );
        try {
          return await run;
        } finally {
          leave();
        }
      },
      leave,
    };
  }

  /** enterLine and run at once. */
  async oneAtATime<T>(attempt: LoginAttempt, verify: () => Promise<T>): Promise<T> {
    return this.enterLine(attempt).run(verify);
  }

  private lineOf(attempt: LoginAttempt): string {
    const name = uniqueNameKey(attempt.login);
    if (attempt.device !== null) return `device ${attempt.device} ${name}`;
    if (this.lastAddresses.get(name) === addressKeyOf(attempt.address)) return `last ${name}`;
    return `name ${name}`;
  }

  /** An erased account's failed logins go with it (the keys hold the login). */
  async forget(login: string): Promise<void> {
    await this.db.query("DELETE FROM login_failures WHERE key LIKE 'pair %' AND right(key, $2) = $1", [
      ` ${uniqueNameKey(login)}`,
      uniqueNameKey(login).length + 1,
    ]);
  }

  /**
   * One more in each key's window (a window that has ended starts afresh at 1), all keys in one
   * statement; per key, in the keys' order, the minutes until its window ends when this one is beyond its limit, else 0.
   * The rows are locked in the keys' sorted order, the same in every such statement, and every other
   * statement of the table touches one row: no two statements on Postgres can wait for each other.
   */
  private async count(keys: ReadonlyArray<readonly [string, WindowLimit]>, now: number): Promise<number[]> {
    const ordered = keys.map(([key]) => key).sort();
    const rows = await this.db.query<{ key: string; failures: number; window_start: Date | string }>(
      `INSERT INTO login_failures (key, failures, window_start) SELECT key, 1, $2 FROM unnest($1::text[]) AS keys(key)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN login_failures.window_start <= $3 THEN 1 ELSE login_failures.failures + 1 END,
         window_start = CASE WHEN login_failures.window_start <= $3 THEN EXCLUDED.window_start ELSE login_failures.window_start END
       RETURNING key, failures, window_start`,
      [ordered, new Date(now).toISOString(), new Date(now - LOGIN_FAILURE_WINDOW_MS).toISOString()],
    );
    return keys.map(([key, limit]) => {
      const row = present(
        rows.find((r) => r.key === key),
        "a counted key's row (the upsert returns every key's)",
      );
      return row.failures > limit.max ? minutesUntilWindowEnds(new Date(row.window_start).getTime(), limit, now) : 0;
    });
  }

  private async sweep(now: number): Promise<void> {
    if (++this.countsSinceSweep < SWEEP_EVERY) return;
    this.countsSinceSweep = 0;
    await this.db.query('DELETE FROM login_failures WHERE window_start <= $1', [
      new Date(now - LOGIN_FAILURE_WINDOW_MS).toISOString(),
    ]);
  }
}

function pairKey(login: string, address: string): string {
  return `pair ${address} ${uniqueNameKey(login)}`; // logins are case-insensitive, so are their failures
}

function addressKeyOf(address: string): string {
  return `address ${address}`;
}

function deviceKey(nonce: string): string {
  return `device ${nonce}`;
}
