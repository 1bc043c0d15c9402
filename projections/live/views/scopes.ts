/**
 * The push scopes (ARCHITECTURE.md rule 7): one global view for everyone, one per team, one per
 * user, one for moderators, one for testers, one for all operators. Each scope is declared beside
 * its view function (views.ts, operator-view.ts): the parts of the state the view reads (its inputs)
 * and the view. A server recomputes a scope's view only when one of its inputs changed (compared by
 * reference), so a view that reads something its inputs do not list shows stale data;
 * test/unit/scopes.test.ts catches that.
 */
import { operatorScope, type OperatorView } from './operator-view';
import type { LiveState } from '../state/state';
import {
  globalScope, moderatorScope, teamScope, testerScope, userScope,
  type GlobalView, type ModeratorView, type TeamView, type TesterView, type UserView, type Viewer,
} from './views';

/** One scope instance. Pushes carry only its `scope` (PROTOCOL.md, `st`): a client has one of each. */
export type ScopeKey =
  | { readonly scope: 'global' }
  | { readonly scope: 'team'; readonly teamId: string }
  | { readonly scope: 'user'; readonly userId: string }
  | { readonly scope: 'moderator' }
  | { readonly scope: 'tester' }
  | { readonly scope: 'operator' };

export type ScopeName = ScopeKey['scope'];
export type ScopeKeyOf<N extends ScopeName> = Extract<ScopeKey, { scope: N }>;

/** The instance's id within its scope: the teamId, the userId, '' for the scopes with one instance. */
export function scopeInstanceId(key: ScopeKey): string {
  return key.scope === 'team' ? key.teamId : key.scope === 'user' ? key.userId : '';
}

/** One string per scope instance (`global`, `team:<id>`, `user:<id>`, `moderator`, `tester`, `operator`), e.g. to key a map. */
export function scopeKeyString(key: ScopeKey): string {
  switch (key.scope) {
    case 'team':
      return `team:${key.teamId}`;
    case 'user':
      return `user:${key.userId}`;
    default:
      return key.scope;
  }
}

/**
 * Whether a user has a live connection: the server's knowledge, never folded from the log. A view
 * shows only the presence of users who receive that scope themselves (their team's members).
 */
export type IsOnline = (userId: string) => boolean;

/** One scope: what its view reads and the view, declared side by side. */
export interface ScopeDefinition<K extends ScopeKey, V extends object, Kept = undefined> {
  /**
   * Everything `keep` and `view` read, compared by reference: while none of them changed, the view
   * cannot have changed either and is not recomputed.
   */
  inputs(state: LiveState, key: K, isOnline: IsOnline): readonly unknown[];
  /** What the view reuses from its previous computation: the previous kept value in, the next out (pure). */
  keep?(state: LiveState, previous: Kept | undefined): Kept;
  /** The view; null when there is nothing to show (an unknown team or user). */
  view(state: LiveState, key: K, isOnline: IsOnline, kept: Kept | undefined): V | null;
  /**
   * For scopes with an instance per team or user: the ids (teamId, userId) of the instances whose view
   * may differ between `previous` and `state`, or 'all'. A server checks only these instead of every
   * connected team and user, so an event costs what it touched, not what the show holds. Presence is
   * not covered (the server refreshes a user's scopes when they come or go). Without it: 'all'.
   * test/unit/scopes.test.ts checks over whole nights that no instance left out has a changed view.
   */
  touched?(state: LiveState, previous: LiveState): ReadonlySet<string> | 'all';
}

/** A scope's definition with its key, view and kept types left open: for code that only compares inputs and keeps. */
export type AnyScopeDefinition = ScopeDefinition<ScopeKey, object, unknown>;

export const SCOPE_DEFINITIONS = {
  global: globalScope,
  team: teamScope,
  user: userScope,
  moderator: moderatorScope,
  tester: testerScope,
  operator: operatorScope,
} as const;

/** Every scope, from the definitions (a scope added there is never missing here). */
export const SCOPE_NAMES = Object.keys(SCOPE_DEFINITIONS) as readonly ScopeName[];

export function scopeDefinition(key: Pick<ScopeKey, 'scope'>): AnyScopeDefinition {
  return SCOPE_DEFINITIONS[key.scope];
}

/** A scope's view computed afresh (nothing kept from before); members offline unless `isOnline` says otherwise. */
export function scopeView(state: LiveState, key: ScopeKey, isOnline: IsOnline = () => false): object | null {
  return scopeDefinition(key).view(state, key, isOnline, undefined);
}

/**
 * The scopes a viewer receives: everyone the global one; a logged-in user their own and their
 * team's; moderators the moderators' and the testers', testers the testers'; admins, moderators and
 * testers the operators'.
 */
export function scopesOf(state: LiveState, viewer: Viewer): ScopeKey[] {
  const keys: ScopeKey[] = [{ scope: 'global' }];
  if (viewer.userId !== null) {
    keys.push({ scope: 'user', userId: viewer.userId });
    const teamId = state.users.get(viewer.userId)?.teamId;
    if (teamId) keys.push({ scope: 'team', teamId });
  }
  if (viewer.roles.includes('moderator')) keys.push({ scope: 'moderator' });
  if (viewer.roles.includes('tester') || viewer.roles.includes('moderator')) keys.push({ scope: 'tester' });
  if (viewer.roles.some((role) => role === 'admin' || role === 'moderator' || role === 'tester')) keys.push({ scope: 'operator' });
  return keys;
}

export interface Views {
  global: GlobalView;
  team?: TeamView;
  user?: UserView;
  moderator?: ModeratorView;
  tester?: TesterView;
  operator?: OperatorView;
}

/** The views of one viewer, one per scope it receives that has something to show (members offline). */
export function views(state: LiveState, viewer: Viewer): Views {
  const result: Partial<Record<ScopeName, object>> = {};
  for (const key of scopesOf(state, viewer)) {
    const view = scopeView(state, key);
    if (view) result[key.scope] = view;
  }
  return result as Views;
}
