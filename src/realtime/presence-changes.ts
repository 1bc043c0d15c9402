import {
  SCOPE_NAMES,
  scopeDefinition,
  scopeKeyString,
  scopesOf,
  type LiveState,
  type ScopeName,
} from '../../projections/live';
import type { Scope } from './scopes';

/** The scopes whose view shows everyone's presence, not only their receivers' (ScopeDefinition.everyonesPresence). */
const EVERYONES_PRESENCE = SCOPE_NAMES.filter((name) => scopeDefinition({ scope: name }).everyonesPresence);

/**
 * Users who came or went since the push hub last refreshed their scopes. The hub refreshes them together
 * at the end of the turn of the event loop (or sooner, before a snapshot or a state change's pushes): a
 * storm of returning team members recomputes a team's view, and the moderators' count of teams online
 * that walks every team, once per turn instead of once per connect.
 */
export class PresenceChanges {
  private readonly users = new Set<string>();
  private atEndOfTurn: NodeJS.Immediate | null = null;

  constructor(private readonly refresh: () => void) {}

  add(userId: string): void {
    this.users.add(userId);
    this.atEndOfTurn ??= setImmediate(this.refresh);
  }

  /** The users changed since the last take; the refresh at the end of the turn is called off. */
  take(): string[] {
    this.stop();
    const users = [...this.users];
    this.users.clear();
    return users;
  }

  stop(): void {
    if (this.atEndOfTurn) clearImmediate(this.atEndOfTurn);
    this.atEndOfTurn = null;
  }
}

/**
 * The scopes a change of these users' presence may show in, each once: the scopes each user receives
 * (those kept now: `kept`, by scopeKeyString), and, if any of the users is known, every instance of the
 * scopes that show everyone's presence (`instances`).
 */
export function scopesShowingPresence(
  state: LiveState,
  userIds: readonly string[],
  kept: ReadonlyMap<string, Scope>,
  instances: ReadonlyMap<ScopeName, ReadonlyMap<string, Scope>>,
): Set<Scope> {
  const scopes = new Set<Scope>();
  let anyKnown = false;
  for (const userId of userIds) {
    const user = state.users.get(userId);
    if (!user) continue;
    anyKnown = true;
    for (const key of scopesOf(state, { userId, roles: user.roles })) {
      const scope = kept.get(scopeKeyString(key));
      if (scope) scopes.add(scope);
    }
  }
  if (anyKnown)
    for (const name of EVERYONES_PRESENCE) for (const scope of instances.get(name)?.values() ?? []) scopes.add(scope);
  return scopes;
}
