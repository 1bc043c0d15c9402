/**
 * The push scopes (ARCHITECTURE.md rule 7): one global view for everyone, one per team, one per
 * user, one for moderators, one for testers, one for all operators, one for the stream overlay's
 * pages. Each scope is declared in its own file beside its view function (global-view.ts, team-view.ts,
 * …): what the view reads (its reads, see reads.ts) and the view. A server recomputes a scope's view
 * only when something it reads changed, and looks only at the instances a change touched, so a view
 * that reads something its reads do not declare shows stale data; test/unit/scopes.test.ts catches that.
 */
import { operatorScope, type OperatorView } from './operator-view';
import { overlayScope } from './overlay-view';
import type { LiveState } from '../state/state';
import type { AnyScopeDefinition, IsOnline, ScopeKey, ScopeName, Viewer } from './scope-definition';
import { globalScope, type GlobalView } from './global-view';
import { moderatorScope, type ModeratorView } from './moderator-view';
import { teamScope, type TeamView } from './team-view';
import { testerScope, type TesterView } from './tester-view';
import { userScope, type UserView } from './user-view';

export * from './scope-definition';
export { readInputs, sameInputs, touchedInstances, type Read, type Reads } from './reads';

export const SCOPE_DEFINITIONS = {
  global: globalScope,
  team: teamScope,
  user: userScope,
  moderator: moderatorScope,
  tester: testerScope,
  operator: operatorScope,
  overlay: overlayScope,
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
 * testers the operators'. The overlay's is no viewer's: only a stream overlay page's socket receives
 * it (OVERLAY_SCOPES).
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
  if (viewer.roles.some((role) => role === 'admin' || role === 'moderator' || role === 'tester'))
    keys.push({ scope: 'operator' });
  return keys;
}

/** What a stream overlay page's socket receives: its own scope, nothing of a user's. */
export const OVERLAY_SCOPES: readonly ScopeKey[] = [{ scope: 'overlay' }];

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
