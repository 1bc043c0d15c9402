/**
 * Which scope instance a push belongs to, and whether a user is online: what both a scope's
 * definition (scope-definition.ts) and its reads (reads.ts) name.
 */
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
