import type { Role } from '../../events';
import { currentPlay, currentSingleAnswer, globalView, moderatorView, teamView, testerView, userView, type LiveState } from '../../projections/live';
import type { Presence } from './presence';

export type ScopeName = 'global' | 'team' | 'user' | 'moderator' | 'tester';

/** A scope instance: `global`, `team:<id>`, `user:<id>`, `moderator`, `tester`. */
export type ScopeKey = string;

export function scopeNameOf(key: ScopeKey): ScopeName {
  return key.split(':', 1)[0] as ScopeName;
}

/** The scopes a viewer receives pushes for (ARCHITECTURE.md rule 7). */
export function scopesOf(userId: string, teamId: string | null, roles: readonly Role[]): ScopeKey[] {
  const keys: ScopeKey[] = ['global', `user:${userId}`];
  if (teamId) keys.push(`team:${teamId}`);
  if (roles.includes('moderator')) keys.push('moderator');
  if (roles.includes('tester') || roles.includes('moderator')) keys.push('tester');
  return keys;
}

/** The view of one scope, with members' online flags from live connections. */
export function viewOf(key: ScopeKey, state: LiveState, presence: Presence): object | null {
  const [name, id] = key.split(':', 2) as [ScopeName, string | undefined];
  switch (name) {
    case 'global':
      return globalView(state);
    case 'moderator':
      return moderatorView(state);
    case 'tester':
      return testerView(state);
    case 'user':
      return userView(state, id!) ?? null;
    case 'team': {
      const view = teamView(state, id!);
      if (!view) return null;
      for (const [memberId, member] of Object.entries(view.members)) member.online = presence.isOnline(memberId);
      return view;
    }
  }
}

/**
 * The inputs a scope's view is computed from, compared by reference: when none changed, the view
 * cannot have changed and is not recomputed (per-event work stays independent of the number of teams).
 */
export function inputsOf(key: ScopeKey, state: LiveState): readonly unknown[] | null {
  const [name, id] = key.split(':', 2) as [ScopeName, string | undefined];
  if (name === 'user') {
    const user = state.users.get(id!);
    return [user, user ? currentSingleAnswer(state, user) : null];
  }
  if (name === 'team') {
    const team = state.teams.get(id!);
    if (!team) return [team];
    // The live play, null while empty (a stale play reads as empty): a new question only touches teams that had
    // proposals, and a proposal of one team leaves every other team's view alone.
    return [team, currentPlay(state, team.id), state.night?.lockedInSeq, ...team.memberIds.map((m) => state.users.get(m))];
  }
  return null; // global, moderator and tester views span all teams: recomputed on every change
}
