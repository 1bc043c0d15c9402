/**
 * What a push scope is (scopes.ts lists them): its key, and a definition that declares the parts of
 * the state its view reads beside the view. The view files (views.ts, operator-view.ts) declare their
 * scopes with these types; scopes.ts gathers them.
 */
import type { LiveState } from '../state/state';

/** One scope instance. Pushes carry only its `scope` (PROTOCOL.md, `st`): a client has one of each. */
export type ScopeKey =
  | { readonly scope: 'global' }
  | { readonly scope: 'team'; readonly teamId: string }
  | { readonly scope: 'user'; readonly userId: string }
  | { readonly scope: 'moderator' }
  | { readonly scope: 'tester' }
  | { readonly scope: 'operator' }
  /** The stream overlay's pages (no user: a secret link), never a user's scope. */
  | { readonly scope: 'overlay' };

export type ScopeName = ScopeKey['scope'];
export type ScopeKeyOf<N extends ScopeName> = Extract<ScopeKey, { scope: N }>;

/** The instance's id within its scope: the teamId, the userId, '' for the scopes with one instance. */
export function scopeInstanceId(key: ScopeKey): string {
  return key.scope === 'team' ? key.teamId : key.scope === 'user' ? key.userId : '';
}

/** One string per scope instance (`global`, `team:<id>`, `user:<id>`, `moderator`, `tester`, `operator`, `overlay`), e.g. to key a map. */
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
