import { compare } from 'fast-json-patch';
import type { Role } from '../../events';
import type { LiveState } from '../../projections/live';
import type { LiveStateService } from '../engine/live-state';
import type { Presence } from './presence';
import { inputsOf, newViewMemos, sameInputs, scopeNameOf, scopesOf, viewOf, type ScopeKey, type ScopeName } from './scopes';

/** A connected, authenticated socket as the hub sees it. */
export interface PushClient {
  readonly userId: string;
  readonly roles: readonly Role[];
  /** Sends a text frame; returns false when the client is too far behind and was dropped. */
  send(frame: string): boolean;
}

interface Scope {
  key: ScopeKey;
  name: ScopeName;
  view: object | null;
  version: number;
  inputs: readonly unknown[];
  clients: Set<PushClient>;
}

export interface Snapshot {
  views: Partial<Record<ScopeName, object | null>>;
  versions: Partial<Record<ScopeName, number>>;
}

/**
 * Pushes each scope's view changes to its subscribers: the view is computed and the change
 * serialized once per scope, then the same frame goes to every socket of that scope.
 */
export class PushHub {
  private readonly scopes = new Map<ScopeKey, Scope>();
  private readonly scopesOfClient = new Map<PushClient, ScopeKey[]>();
  private readonly clientsOfUser = new Map<string, Set<PushClient>>();
  private frameId = 0;
  private readonly memos = newViewMemos();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly live: LiveStateService,
    private readonly presence: Presence,
  ) {}

  start(): void {
    this.unsubscribe = this.live.onChange((state, previous) => this.onStateChange(state, previous));
  }

  stop(): void {
    this.unsubscribe?.();
  }

  /** Subscribes a client to its scopes; returns false when the user is unknown. */
  attach(client: PushClient): boolean {
    const user = this.live.state.users.get(client.userId);
    if (!user) return false;
    const keys = scopesOf(client.userId, user.teamId, client.roles);
    for (const key of keys) this.scope(key).clients.add(client);
    this.scopesOfClient.set(client, keys);
    let clients = this.clientsOfUser.get(client.userId);
    if (!clients) this.clientsOfUser.set(client.userId, (clients = new Set()));
    clients.add(client);
    return true;
  }

  detach(client: PushClient): void {
    for (const key of this.scopesOfClient.get(client) ?? []) this.leave(client, key);
    this.scopesOfClient.delete(client);
    const clients = this.clientsOfUser.get(client.userId);
    clients?.delete(client);
    if (clients?.size === 0) this.clientsOfUser.delete(client.userId);
  }

  /** The client's views as they stand, with the versions later patches build on. */
  snapshot(client: PushClient): Snapshot {
    const snapshot: Snapshot = { views: {}, versions: {} };
    for (const key of this.scopesOfClient.get(client) ?? []) {
      const scope = this.scope(key);
      snapshot.views[scope.name] = scope.view;
      snapshot.versions[scope.name] = scope.version;
    }
    return snapshot;
  }

  /** Recomputes the views that depend on something outside the state (a member going on- or offline). */
  refreshTeamOf(userId: string): void {
    const teamId = this.live.state.users.get(userId)?.teamId;
    const scope = teamId ? this.scopes.get(`team:${teamId}`) : undefined;
    if (scope) this.refresh(scope, this.live.state, true);
  }

  private onStateChange(state: LiveState, previous: LiveState): void {
    this.followTeamChanges(state, previous);
    for (const scope of this.scopes.values()) this.refresh(scope, state, false);
  }

  private refresh(scope: Scope, state: LiveState, force: boolean): void {
    const inputs = inputsOf(scope.key, state);
    if (!force && sameInputs(inputs, scope.inputs)) return;
    scope.inputs = inputs;
    const view = viewOf(scope.key, state, this.presence, this.memos);
    // The patch is the comparison: an empty one means nothing a client sees has changed.
    const patch = scope.view && view ? compare(scope.view, view) : null;
    if (patch ? patch.length === 0 : scope.view === view) return;
    scope.view = view;
    scope.version++;
    const content = patch ? { scope: scope.name, version: scope.version, patch } : { scope: scope.name, version: scope.version, value: view };
    const frame = JSON.stringify({ type: 'st', id: ++this.frameId, content });
    for (const client of scope.clients) client.send(frame);
  }

  /** A member who joined or left a team moves to the new team's scope and gets its whole view. */
  private followTeamChanges(state: LiveState, previous: LiveState): void {
    // Only the users that changed (the maps' diff skips everything they share), not every connected one.
    state.users.diff(previous.users, (userId, user) => {
      const clients = this.clientsOfUser.get(userId);
      if (!clients) return;
      const teamKey: ScopeKey | null = user?.teamId ? `team:${user.teamId}` : null;
      for (const client of clients) {
        const keys = this.scopesOfClient.get(client) ?? [];
        const oldTeamKey = keys.find((k) => k.startsWith('team:')) ?? null;
        if (oldTeamKey === teamKey) continue;
        if (oldTeamKey) this.leave(client, oldTeamKey);
        const next = keys.filter((k) => k !== oldTeamKey);
        if (teamKey) {
          const scope = this.scope(teamKey);
          scope.clients.add(client);
          next.push(teamKey);
          client.send(JSON.stringify({ type: 'st', id: ++this.frameId, content: { scope: 'team', version: scope.version, value: scope.view } }));
        } else {
          client.send(JSON.stringify({ type: 'st', id: ++this.frameId, content: { scope: 'team', version: 0, value: null } }));
        }
        this.scopesOfClient.set(client, next);
      }
    });
  }

  private scope(key: ScopeKey): Scope {
    let scope = this.scopes.get(key);
    if (!scope) {
      const state = this.live.state;
      const view = viewOf(key, state, this.presence, this.memos);
      scope = { key, name: scopeNameOf(key), view, version: 1, inputs: inputsOf(key, state), clients: new Set() };
      this.scopes.set(key, scope);
    }
    return scope;
  }

  private leave(client: PushClient, key: ScopeKey): void {
    const scope = this.scopes.get(key);
    if (!scope) return;
    scope.clients.delete(client);
    // A scope nobody listens to is not kept up to date; it is computed afresh for its next subscriber.
    if (scope.clients.size === 0) this.scopes.delete(key);
  }
}
