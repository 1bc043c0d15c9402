/**
 * Teams and users for the operator screens, from the operator view the server pushes (scope
 * `operator`): a team created, a player registered or renamed in the middle of the night shows at
 * once, without loading anything. A name is missing only when the team or user really is gone; then
 * the spec's placeholder stands in: '(kein Team)' for a team, '(Nicht gefunden)' for a user.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../store';
import type { OperatorTeamEntry, OperatorUserEntry, OperatorView } from '../realtime/views';
import { t } from '../texts';
import { sortByName } from './admin/logic';

const NO_TEAMS: OperatorTeamEntry[] = [];
const NO_USERS: OperatorUserEntry[] = [];

function entryOf<E>(entries: Record<string, E> | undefined, id: string | number | null | undefined): E | undefined {
  if (!entries || id === null || id === undefined) return undefined;
  const key = String(id);
  return Object.prototype.hasOwnProperty.call(entries, key) ? entries[key] : undefined;
}

export const selectOperatorLists = (s: RootState): OperatorView | null => s.live.views.operator;

// A push that changes users leaves the held teams object as it was (a patch shares untouched
// branches), so each sorted list is computed again only when its own entries changed.
const selectTeamEntries = (s: RootState) => s.live.views.operator?.teams;
const selectUserEntries = (s: RootState) => s.live.views.operator?.users;

/** Every team, sorted by name. */
export const selectOperatorTeams = createSelector([selectTeamEntries], (teams) =>
  teams ? sortByName(Object.values(teams)) : NO_TEAMS,
);

/** Every user, sorted by name. */
export const selectOperatorUsers = createSelector([selectUserEntries], (users) =>
  users ? sortByName(Object.values(users)) : NO_USERS,
);

/** The team with that id, if it exists. */
export function operatorTeam(
  view: OperatorView | null,
  teamId: string | number | null | undefined,
): OperatorTeamEntry | undefined {
  return entryOf(view?.teams, teamId);
}

/** The user with that id, if they exist. */
export function operatorUser(
  view: OperatorView | null,
  userId: string | number | null | undefined,
): OperatorUserEntry | undefined {
  return entryOf(view?.users, userId);
}

/** A team's name, or the spec's '(kein Team)'. */
export function teamNameOrPlaceholder(view: OperatorView | null, teamId: string | number | null | undefined): string {
  return operatorTeam(view, teamId)?.name ?? t.placeholders.noTeam;
}

/** A user's name, or the spec's '(Nicht gefunden)'. */
export function userNameOrPlaceholder(view: OperatorView | null, userId: string | number | null | undefined): string {
  return operatorUser(view, userId)?.name ?? t.placeholders.userNotFound;
}
