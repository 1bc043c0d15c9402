/**
 * Limits per user, not per socket (PROTOCOL.md, wave 3, "People who would hurt the show"; the numbers
 * and why: docs/decisions/hostile-crowd-limits.md). Kept in this process's memory: a user's sockets
 * live in one process each, and a guesser spread over several instances gets at most their number
 * times the limit, which still makes guessing hopeless.
 */

/** A sixth socket of a user closes the oldest: a phone, a laptop and a few tabs are fine. */
export const SOCKETS_PER_USER = 5;
/** A socket must authenticate (`sa`) this soon after it opened, or it is closed. */
export const AUTH_DEADLINE_MS = 10_000;

export interface WindowLimit {
  readonly max: number;
  readonly windowMs: number;
}

const MINUTE = 60_000;
/** Failed `gj` per user: a player who mistypes tries a few times; guessing needs thousands. */
export const WRONG_TEAM_PASSWORDS_PER_USER: WindowLimit = { max: 5, windowMs: MINUTE };
/** Failed `gj` per team, from anybody: a team's whole table mistyping at once stays well below. */
export const WRONG_TEAM_PASSWORDS_PER_TEAM: WindowLimit = { max: 30, windowMs: MINUTE };

export const CLOSE_CODES = {
  /** The user opened a sixth socket: this, the oldest, was closed. The web app does not reconnect it (REPLACED_CLOSE_CODE there). */
  replaced: 4001,
  /** No successful `sa` within AUTH_DEADLINE_MS. */
  authTimeout: 4002,
} as const;

export const LIMIT_TEXTS = {
  wrongTeamPasswords: 'Zu viele falsche Team-Passwörter. Bitte warte eine Minute.',
  replaced: 'Zu viele offene Verbindungen: die älteste wurde geschlossen.',
  authTimeout: 'Keine Anmeldung innerhalb von 10 Sekunden.',
} as const;

/** Counts per key in fixed windows; keys whose window has passed are swept once the map has grown. */
export class WindowCounter {
  private readonly counts = new Map<string, { count: number; since: number }>();
  private sweepAbove = 1_000;

  constructor(private readonly limit: WindowLimit) {}

  /** Whether the key has used up its window at `now` (ms). */
  exhausted(key: string, now: number): boolean {
    const entry = this.current(key, now);
    return entry !== undefined && entry.count >= this.limit.max;
  }

  /** Counts one for the key unless it has used up its window; false then. */
  take(key: string, now: number): boolean {
    if (this.exhausted(key, now)) return false;
    this.add(key, now);
    return true;
  }

  add(key: string, now: number): void {
    const entry = this.current(key, now);
    if (entry) entry.count++;
    else this.counts.set(key, { count: 1, since: now });
    if (this.counts.size > this.sweepAbove) this.sweep(now);
  }

  /** Takes one back (an attempt that turned out not to count), within the current window. */
  remove(key: string, now: number): void {
    const entry = this.current(key, now);
    if (entry && entry.count > 0) entry.count--;
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

/** Wrong team passwords per user and per team: beyond either, gj is refused without hashing. */
export class TeamPasswordGuards {
  private readonly byUser = new WindowCounter(WRONG_TEAM_PASSWORDS_PER_USER);
  private readonly byTeam = new WindowCounter(WRONG_TEAM_PASSWORDS_PER_TEAM);

  /**
   * Counts an attempt as failed before its password is checked (so that attempts under way count:
   * a burst cannot slip past the limit while the first are being hashed); false, counting nothing,
   * when the user or the team is beyond its limit. A right password gives the attempt back (`succeeded`).
   */
  attempt(userId: string, teamId: string, now: number): boolean {
    if (this.byUser.exhausted(userId, now) || this.byTeam.exhausted(teamId, now)) return false;
    this.byUser.add(userId, now);
    this.byTeam.add(teamId, now);
    return true;
  }

  succeeded(userId: string, teamId: string, now: number): void {
    this.byUser.remove(userId, now);
    this.byTeam.remove(teamId, now);
  }
}

/** The sockets of each user, oldest first. */
export class SocketsPerUser<S> {
  private readonly byUser = new Map<string, Set<S>>();

  /** Adds the socket; returns the ones beyond the limit (the oldest), which the caller closes. */
  add(userId: string, socket: S): S[] {
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Set()));
    sockets.add(socket);
    const excess: S[] = [];
    for (const oldest of sockets) {
      if (sockets.size - excess.length <= SOCKETS_PER_USER) break;
      excess.push(oldest);
    }
    for (const socket of excess) sockets.delete(socket);
    return excess;
  }

  remove(userId: string, socket: S): void {
    const sockets = this.byUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byUser.delete(userId);
  }

  count(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }
}
