import type { Request } from 'express';

/**
 * Limits of the HTTP doors that an attacker would hammer (docs/protocol.md, Limits): failed logins per
 * login name and per address, registrations per address. Counted in memory per process, in fixed
 * windows; a restart forgets them.
 */

export interface WindowLimit {
  readonly max: number;
  readonly windowMs: number;
}

const MINUTE = 60_000;

/** A player who forgot the password tries a handful of times; ten failures in 15 minutes is a guesser. */
export const FAILED_LOGINS_PER_NAME: WindowLimit = { max: 10, windowMs: 15 * MINUTE };
/**
 * Many players can share one address (a pub's Wi-Fi, a school, mobile carrier NAT); at the start of a
 * night some mistype once or twice. 100 failures in 15 minutes leaves room for that, not for guessing.
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

function minutesText(minutes: number): string {
  return minutes === 1 ? 'einer Minute' : `${minutes} Minuten`;
}

/** Counts per key in fixed windows; expired keys are swept when the map has grown. */
export class WindowCounter {
  private readonly counts = new Map<string, { count: number; since: number }>();
  private sweepAbove = 1_000;

  constructor(private readonly limit: WindowLimit) {}

  /** Minutes until the key may try again, or 0 while it is below the limit. */
  blockedMinutes(key: string, now: number): number {
    const entry = this.current(key, now);
    if (!entry || entry.count < this.limit.max) return 0;
    return Math.max(1, Math.ceil((entry.since + this.limit.windowMs - now) / MINUTE));
  }

  add(key: string, now: number): void {
    const entry = this.current(key, now);
    if (entry) entry.count++;
    else this.counts.set(key, { count: 1, since: now });
    if (this.counts.size > this.sweepAbove) this.sweep(now);
  }

  clear(key: string): void {
    this.counts.delete(key);
  }

  private current(key: string, now: number) {
    const entry = this.counts.get(key);
    return entry && now - entry.since < this.limit.windowMs ? entry : undefined;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.counts) if (now - entry.since >= this.limit.windowMs) this.counts.delete(key);
    this.sweepAbove = Math.max(1_000, this.counts.size * 2);
  }
}

/** The HTTP limits of one server process. */
export class HttpLimits {
  private readonly failedByName = new WindowCounter(FAILED_LOGINS_PER_NAME);
  private readonly failedByAddress = new WindowCounter(FAILED_LOGINS_PER_ADDRESS);
  private readonly registrations = new WindowCounter(REGISTRATIONS_PER_ADDRESS);

  constructor(private readonly clock: () => number = Date.now) {}

  /** The German reason a login may not be tried now, or null. Checked before the password. */
  loginRefusal(login: string, address: string): string | null {
    const now = this.clock();
    const byName = this.failedByName.blockedMinutes(nameKey(login), now);
    if (byName > 0) return LIMIT_TEXTS.loginName(byName);
    const byAddress = this.failedByAddress.blockedMinutes(address, now);
    return byAddress > 0 ? LIMIT_TEXTS.loginAddress(byAddress) : null;
  }

  loginFailed(login: string, address: string): void {
    const now = this.clock();
    this.failedByName.add(nameKey(login), now);
    this.failedByAddress.add(address, now);
  }

  /** A successful login forgets the name's failures (not the address's). */
  loginSucceeded(login: string): void {
    this.failedByName.clear(nameKey(login));
  }

  /** Counts a registration attempt; the German reason when the address has made too many. */
  registration(address: string): string | null {
    const now = this.clock();
    const blocked = this.registrations.blockedMinutes(address, now);
    if (blocked > 0) return LIMIT_TEXTS.registrations(blocked);
    this.registrations.add(address, now);
    return null;
  }
}

/** The client's address: the socket's peer, or what a trusted proxy says (TRUST_PROXY, README). */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/** Logins are case-insensitive, so are their failures. */
function nameKey(login: string): string {
  return login.trim().toLowerCase();
}
