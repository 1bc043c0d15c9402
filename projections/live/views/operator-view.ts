/**
 * The operator view: every team and every user by name, for the operator screens (moderator
 * favourites and single answers, admin lists, picture viewer, tester screens). Admins, moderators and
 * testers receive it; it is pushed like every view, so a team created or a player registered in the
 * middle of the night shows by name at once.
 * Cost: the view changes only when a team or user is created, renamed or deleted, a team's number
 * changes or a user's roles do. Joins, answers and ratings change the teams and users maps too; the
 * kept view (keptOperatorView) then visits only the entries that changed (the persistent maps' diff)
 * and stays the very same object, so the push hub's comparison ends at once and nothing is sent.
 */
import type { Role } from '../../../events';
import type { PersistentMap } from '../state/persistent-map';
import { inLowerCaseNameOrder } from './name-order';
import { whole } from './reads';
import type { ScopeDefinition, ScopeKeyOf } from './scope-definition';
import type { LiveState, TeamLive, UserLive } from '../state/state';

export interface OperatorTeamEntry {
  id: string;
  /** The short team number players join with. */
  number: number;
  name: string;
}

export interface OperatorUserEntry {
  id: string;
  name: string;
  login: string;
  roles: Role[];
  /** abl: present (true) only while the user is blocked. */
  blocked?: true;
  /** amu: present while a mute was set and not lifted: when it ends (epoch ms; the screen compares with its clock). */
  mutedUntil?: number;
}

export interface OperatorView {
  /** Every team, by team id. */
  teams: Record<string, OperatorTeamEntry>;
  /** Every user, by user id. */
  users: Record<string, OperatorUserEntry>;
}

function teamEntry(team: TeamLive): OperatorTeamEntry {
  return { id: team.id, number: team.number, name: team.name };
}

function sameTeamEntry(entry: OperatorTeamEntry, team: TeamLive): boolean {
  return entry.name === team.name && entry.number === team.number;
}

function userEntry(user: UserLive): OperatorUserEntry {
  return {
    id: user.id,
    name: user.name,
    login: user.login,
    roles: [...user.roles],
    ...(user.blocked ? { blocked: true as const } : {}),
    ...(user.mutedUntil !== null ? { mutedUntil: user.mutedUntil } : {}),
  };
}

function sameUserEntry(entry: OperatorUserEntry, user: UserLive): boolean {
  return (
    entry.name === user.name &&
    entry.login === user.login &&
    (entry.blocked ?? false) === user.blocked &&
    (entry.mutedUntil ?? null) === user.mutedUntil &&
    entry.roles.length === user.roles.length &&
    entry.roles.every((role, i) => role === user.roles[i])
  );
}

/**
 * Entries keyed by id in name order (name-order.ts): the screens' German sort then finds them nearly
 * sorted (5,000 users: some 5,000 collator calls instead of 55,000). Entries that come later are added
 * at the end; the order is a help, never relied on.
 */
function byNameOrder<E extends { id: string; name: string }>(entries: E[]): Record<string, E> {
  const result: Record<string, E> = {};
  for (const entry of inLowerCaseNameOrder(entries, (e) => e.name)) result[entry.id] = entry;
  return result;
}

export function operatorView(state: LiveState): OperatorView {
  const teams: OperatorTeamEntry[] = [];
  state.teams.forEach((team) => {
    teams.push(teamEntry(team));
  });
  const users: OperatorUserEntry[] = [];
  state.users.forEach((user) => {
    if (!user.erased) users.push(userEntry(user));
  });
  return { teams: byNameOrder(teams), users: byNameOrder(users) };
}

/** The operator view with the maps it was computed from (see keptOperatorView). */
export interface KeptOperatorView {
  readonly teams: LiveState['teams'];
  readonly users: LiveState['users'];
  readonly value: OperatorView;
}

/**
 * The entries after the changes between two versions of a map: the same object when none of the
 * changed records changed what an entry shows, else a copy with those entries replaced or removed
 * (a record no longer `listed`, an erased account, is removed).
 */
function entriesAfter<Live, Entry>(
  now: PersistentMap<Live>,
  before: PersistentMap<Live>,
  entries: Record<string, Entry>,
  entryOf: (live: Live) => Entry,
  same: (entry: Entry, live: Live) => boolean,
  listed: (live: Live) => boolean = () => true,
): Record<string, Entry> {
  let changed: Record<string, Entry> | null = null;
  now.diff(before, (id, current) => {
    const live = current !== undefined && listed(current) ? current : undefined;
    const entry = Object.prototype.hasOwnProperty.call(entries, id) ? entries[id] : undefined;
    if (live === undefined ? entry === undefined : entry !== undefined && same(entry, live)) return;
    changed ??= { ...entries };
    if (live === undefined) delete changed[id];
    else changed[id] = entryOf(live);
  });
  return changed ?? entries;
}

/** The operator view kept between states: only the teams and users that changed are looked at. */
export function keptOperatorView(state: LiveState, previous: KeptOperatorView | undefined): KeptOperatorView {
  if (!previous) return { teams: state.teams, users: state.users, value: operatorView(state) };
  if (previous.teams === state.teams && previous.users === state.users) return previous;
  const teams = entriesAfter(state.teams, previous.teams, previous.value.teams, teamEntry, sameTeamEntry);
  const users = entriesAfter(
    state.users,
    previous.users,
    previous.value.users,
    userEntry,
    sameUserEntry,
    (user) => !user.erased,
  );
  const unchanged = teams === previous.value.teams && users === previous.value.users;
  return { teams: state.teams, users: state.users, value: unchanged ? previous.value : { teams, users } };
}

export const operatorScope: ScopeDefinition<ScopeKeyOf<'operator'>, OperatorView, KeptOperatorView> = {
  reads: [whole((s) => s.teams), whole((s) => s.users)],
  keep: keptOperatorView,
  view: (state, _key, _isOnline, kept) => kept?.value ?? operatorView(state),
};
