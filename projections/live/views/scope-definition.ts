/**
 * What a push scope is (scopes.ts lists them): its key, and a definition that declares the parts of
 * the state its view reads (reads.ts) beside the view. Each scope's file (global-view.ts, team-view.ts,
 * …) declares its scope with these types; scopes.ts gathers them.
 */
import type { Role } from '../../../events';
import type { LiveState } from '../state/state';
import type { Reads } from './reads';

/** Who receives views: a user (null: a visitor not logged in) with that user's roles. */
export interface Viewer {
  readonly userId: string | null;
  readonly roles: readonly Role[];
}

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
   * Everything `keep` and `view` read (reads.ts): a server derives from it both the inputs of an
   * instance (while none changed, the view is not recomputed) and the instances a change touches.
   */
  readonly reads: Reads<K>;
  /** What the view reuses from its previous computation: the previous kept value in, the next out (pure). */
  keep?(state: LiveState, previous: Kept | undefined): Kept;
  /** The view; null when there is nothing to show (an unknown team or user). */
  view(state: LiveState, key: K, isOnline: IsOnline, kept: Kept | undefined): V | null;
}

/** A scope's definition with its key, view and kept types left open: for code that only derives inputs and keeps. */
export type AnyScopeDefinition = ScopeDefinition<ScopeKey, object, unknown>;
