/**
 * Limits per user, not per socket (PROTOCOL.md, wave 3, "People who would hurt the show"; the numbers
 * and why: docs/decisions/hostile-crowd-limits.md). Sockets per user are kept in this process's memory
 * (a user's sockets live in one process each); wrong team passwords are counted in the database,
 * shared by the instances on Postgres (docs/decisions/hostile-crowd-second-round.md).
 */
import { SOCKET_CLOSE_CODES } from '../../wire';
import { MINUTE, type WindowLimit } from './window-counter';
import { SharedWindowCounter } from './shared-window-counter';
import type { SqlDatabase } from '../store/sql/sql-database';

/** A sixth socket of a user closes the oldest: a phone, a laptop and a few tabs are fine. */
export const SOCKETS_PER_USER = 5;
/**
 * Sockets from one address that have not authenticated yet. The web app sends `sa` the moment a socket
 * opens, so an honest socket waits a fraction of a second: even a venue of a few hundred players
 * reconnecting together after a restart stays below; a script opening thousands is cut off.
 */
export const ANONYMOUS_SOCKETS_PER_ADDRESS = 200;
/**
 * Sockets from one address beyond ANONYMOUS_SOCKETS_PER_ADDRESS are held, not closed: opened but unread
 * (paused) until one of that address's waiting sockets authenticates or closes, oldest first, each
 * still within AUTH_DEADLINE_MS of its opening. A reconnect storm from one address (players behind one
 * venue's router, or a bench's loopback) then waits its turn instead of failing and reconnecting,
 * which cost the server a whole handshake per attempt. Beyond these too, a new socket is closed at once.
 */
export const HELD_SOCKETS_PER_ADDRESS = 1000;
/** A socket must authenticate (`sa`) this soon after it opened, or it is closed. */
export const AUTH_DEADLINE_MS = 10_000;

/** Failed `gj` per user: a player who mistypes tries a few times; guessing needs thousands. */
export const WRONG_TEAM_PASSWORDS_PER_USER: WindowLimit = { max: 5, windowMs: MINUTE };
/** Failed `gj` per team, from anybody: a team's whole table mistyping at once stays well below. */
export const WRONG_TEAM_PASSWORDS_PER_TEAM: WindowLimit = { max: 30, windowMs: MINUTE };

export const CLOSE_CODES = SOCKET_CLOSE_CODES;

export const SOCKET_LIMIT_TEXTS = {
  wrongTeamPasswords: 'Zu viele falsche Team-Passwörter. Bitte warte eine Minute.',
  replaced: 'Zu viele offene Verbindungen: die älteste wurde geschlossen.',
  authTimeout: 'Keine Anmeldung innerhalb von 10 Sekunden.',
  tooManyFromAddress: 'Zu viele Verbindungen von deinem Anschluss.',
} as const;

/**
 * Wrong team passwords per user and per team, counted in the write side's database (shared by the
 * instances on Postgres: a guesser spread over N instances does not get N times the tries). Beyond
 * the user's limit, gj is refused without hashing. The team's limit never refuses the right password
 * of an honest member: beyond it, only accounts that have already tried in the window are refused; an
 * account's first attempt is always checked (docs/decisions/hostile-crowd-second-round.md).
 */
export class TeamPasswordGuards {
  private constructor(
    private readonly byUser: SharedWindowCounter,
    private readonly byTeam: SharedWindowCounter,
  ) {}

  static async open(db: SqlDatabase): Promise<TeamPasswordGuards> {
    return new TeamPasswordGuards(
      await SharedWindowCounter.open(db, 'gj-user', WRONG_TEAM_PASSWORDS_PER_USER),
      await SharedWindowCounter.open(db, 'gj-team', WRONG_TEAM_PASSWORDS_PER_TEAM),
    );
  }

  /**
   * Counts an attempt as failed before its password is checked (so that attempts under way count: a
   * burst cannot slip past the limit while the first are being hashed); false when the user is beyond
   * their limit, or the team beyond its limit and the user has tried before in this window. A right
   * password, or a check that never ran, gives it back.
   */
  async attempt(userId: string, teamId: string, now: number): Promise<boolean> {
    // The team counts the attempt only while the user is within theirs: one statement.
    const { first: user, second: team } = await this.byUser.takeThen(userId, this.byTeam, teamId, now);
    if (user.waitMinutes > 0 || !team) return false;
    return team.waitMinutes === 0 || user.count === 1;
  }

  /**
   * The attempt does not count after all. One row per statement: `attempt` locks the user's row, then
   * the team's; a statement that held the team's row while it waited for the user's could deadlock with it.
   */
  async giveBack(userId: string, teamId: string, now: number): Promise<void> {
    await this.byUser.giveBack(userId, now);
    await this.byTeam.giveBack(teamId, now);
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

  /** The user's sockets, as a copy (closing one while going through them is fine). */
  of(userId: string): S[] {
    return [...(this.byUser.get(userId) ?? [])];
  }
}
