/**
 * Short team numbers: what players type to join a team (`gj`), instead of the team's UUID. Each team
 * gets the next number when it is created (recorded in TeamCreated); a deleted team's number is never
 * handed out again, so a number names at most one team, ever.
 */
import type { LiveState, TeamLive } from '../state/state';

/** The number the next team gets. */
export function nextTeamNumber(state: LiveState): number {
  return state.lastTeamNumber + 1;
}

/** Digits as players type them ("7", " 42 ", "#42"); at most 9, so it stays a safe integer. */
const TEAM_NUMBER = /^\s*#?\s*(\d{1,9})\s*$/;

/** The team number a typed reference means, or null when it is not one. */
export function teamNumberOf(reference: string): number | null {
  const match = TEAM_NUMBER.exec(reference);
  return match ? Number(match[1]) : null;
}

/**
 * The team a `gj` reference names: its id (as outside clients send it, PROTOCOL.md) or its short
 * number. An id wins over a number, should a team id ever consist of digits.
 */
export function teamByReference(state: LiveState, reference: string): TeamLive | undefined {
  const byId = state.teams.get(reference);
  if (byId) return byId;
  const number = teamNumberOf(reference);
  const teamId = number === null ? undefined : state.teamIdByNumber.get(String(number));
  return teamId === undefined ? undefined : state.teams.get(teamId);
}
