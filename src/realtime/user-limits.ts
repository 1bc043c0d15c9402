/**
 * Limits per user, not per socket (PROTOCOL.md, wave 3, "People who would hurt the show"; the numbers
 * and why: docs/decisions/hostile-crowd-limits.md). Kept in this process's memory: a user's sockets
 * live in one process each, and a guesser spread over several instances gets at most their number
 * times the limit, which still makes guessing hopeless.
 */
import { SOCKET_CLOSE_CODES } from '../../wire';
import { MINUTE, WindowCounter, type WindowLimit } from '../limits/window-counter';

/** A sixth socket of a user closes the oldest: a phone, a laptop and a few tabs are fine. */
export const SOCKETS_PER_USER = 5;
/** A socket must authenticate (`sa`) this soon after it opened, or it is closed. */
export const AUTH_DEADLINE_MS = 10_000;

/** Failed `gj` per user: a player who mistypes tries a few times; guessing needs thousands. */
export const WRONG_TEAM_PASSWORDS_PER_USER: WindowLimit = { max: 5, windowMs: MINUTE };
/** Failed `gj` per team, from anybody: a team's whole table mistyping at once stays well below. */
export const WRONG_TEAM_PASSWORDS_PER_TEAM: WindowLimit = { max: 30, windowMs: MINUTE };

export const CLOSE_CODES = SOCKET_CLOSE_CODES;

export const LIMIT_TEXTS = {
  wrongTeamPasswords: 'Zu viele falsche Team-Passwörter. Bitte warte eine Minute.',
  replaced: 'Zu viele offene Verbindungen: die älteste wurde geschlossen.',
  authTimeout: 'Keine Anmeldung innerhalb von 10 Sekunden.',
} as const;

/** Wrong team passwords per user and per team: beyond either, gj is refused without hashing. */
export class TeamPasswordGuards {
  private readonly byUser = new WindowCounter(WRONG_TEAM_PASSWORDS_PER_USER);
  private readonly byTeam = new WindowCounter(WRONG_TEAM_PASSWORDS_PER_TEAM);

  /**
   * Counts an attempt as failed before its password is checked (so that attempts under way count:
   * a burst cannot slip past the limit while the first are being hashed); false, counting nothing,
   * when the user or the team is beyond its limit. A right password, or a check that never ran, gives it back.
   */
  attempt(userId: string, teamId: string, now: number): boolean {
    if (this.byUser.exhausted(userId, now) || this.byTeam.exhausted(teamId, now)) return false;
    this.byUser.add(userId, now);
    this.byTeam.add(teamId, now);
    return true;
  }

  /** The attempt does not count after all. */
  giveBack(userId: string, teamId: string, now: number): void {
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

  /** The user's sockets, as a copy (closing one while going through them is fine). */
  of(userId: string): S[] {
    return [...(this.byUser.get(userId) ?? [])];
  }
}
