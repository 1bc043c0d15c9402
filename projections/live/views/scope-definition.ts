/**
 * What a push scope is (scopes.ts lists them): its key, and a definition that declares the parts of
 * the state its view reads (reads.ts) beside the view. Each scope's file (global-view.ts, team-view.ts,
 * …) declares its scope with these types; scopes.ts gathers them.
 */
import type { Role } from '../../../events';
import type { LiveState } from '../state/state';
import type { Reads } from './reads';
import type { IsOnline, ScopeKey } from './scope-key';

/** Who receives views: a user (null: a visitor not logged in) with that user's roles. */
export interface Viewer {
  readonly userId: string | null;
  readonly roles: readonly Role[];
}

export * from './scope-key';

/** One scope: what its view reads and the view, declared side by side. */
export interface ScopeDefinition<K extends ScopeKey, V extends object, Kept = undefined> {
  /**
   * Everything `keep` and `view` read (reads.ts): a server derives from it both the inputs of an
   * instance (while none changed, the view is not recomputed) and the instances a change touches.
   */
  readonly reads: Reads<K>;
  /**
   * The view shows the presence of users who do not receive it (the moderators' count of teams online):
   * the server refreshes it whenever anyone comes or goes, not only when its own receivers do.
   */
  readonly everyonesPresence?: true;
  /** What the view reuses from its previous computation: the previous kept value in, the next out (pure). */
  keep?(state: LiveState, previous: Kept | undefined): Kept;
  /** The view; null when there is nothing to show (an unknown team or user). */
  view(state: LiveState, key: K, isOnline: IsOnline, kept: Kept | undefined): V | null;
}

/** A scope's definition with its key, view and kept types left open: for code that only derives inputs and keeps. */
export type AnyScopeDefinition = ScopeDefinition<ScopeKey, object, unknown>;
