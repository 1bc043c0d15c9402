import {
  OVERLAY_SCOPES,
  SCOPE_NAMES,
  scopeDefinition,
  scopeInstanceId,
  scopeKeyString,
  scopesOf,
  touchedInstances,
  type LiveState,
  type ScopeKey,
  type ScopeName,
} from '../../projections/live';
import { knownEntry } from '../../projections/live/state/present';
import type { LiveStateService } from '../engine/live-state';
import type { Presence } from './presence';
import type { PushClient } from './session';
import { catchUp, isShared, MemoisedScope, viewerOf, type Scope } from './scopes';
import { diffViews } from './view-diff';
import { PresenceChanges, scopesShowingPresence } from './presence-changes';

export type { PushClient };

export interface Snapshot {
  views: Partial<Record<ScopeName, object | null>>;
  versions: Partial<Record<ScopeName, number>>;
}

/**
 * Pushes each scope's view changes to its subscribers: the view is computed and the change
 * serialized once per scope, then the same frame goes to every socket of that scope. A state change
 * looks only at the scope instances it may have touched (derived from the scope's reads), and a snapshot
 * (`sg`) is made of each scope's JSON as kept since its last change, so neither costs more with every
 * player that is connected.
 */
export class PushHub {
  /** By scopeKeyString. */
  private readonly scopes = new Map<string, Scope>();
  /** The same scopes by name, then by instance id (teamId, userId, '' for the single ones). */
  private readonly instances = new Map<ScopeName, Map<string, Scope>>(SCOPE_NAMES.map((name) => [name, new Map()]));
  private readonly scopesOfClient = new Map<PushClient, ScopeKey[]>();
  private readonly clientsOfUser = new Map<string, Set<PushClient>>();
  private frameId = 0;
  private readonly isOnline = (userId: string) => this.presence.isOnline(userId);
  private unsubscribe: (() => void) | null = null;
  private readonly presenceChanges = new PresenceChanges(() => this.flushPresence());

  constructor(
    private readonly live: LiveStateService,
    private readonly presence: Presence,
  ) {}

  start(): void {
    this.unsubscribe = this.live.onChange((state, previous) => this.onStateChange(state, previous));
  }

  stop(): void {
    this.unsubscribe?.();
    this.presenceChanges.stop();
  }

  /** Subscribes a client to its scopes; returns false when the user is unknown. */
  attach(client: PushClient): boolean {
    const state = this.live.state;
    if (client.userId === null || !state.users.get(client.userId)) return false;
    const keys = scopesOf(state, viewerOf(state, client.userId));
    for (const key of keys) this.scope(key).clients.add(client);
    this.scopesOfClient.set(client, keys);
    let clients = this.clientsOfUser.get(client.userId);
    if (!clients) this.clientsOfUser.set(client.userId, (clients = new Set()));
    clients.add(client);
    return true;
  }

  /**
   * Subscribes a stream overlay page (a client without a user) to the overlay scope: one view for all
   * of them, computed and serialized once per change like the global one, so a thousand overlay pages
   * cost a change what a thousand players' global view does.
   */
  attachOverlay(client: PushClient): void {
    for (const key of OVERLAY_SCOPES) this.scope(key).clients.add(client);
    this.scopesOfClient.set(client, [...OVERLAY_SCOPES]);
  }

  detach(client: PushClient): void {
    for (const key of this.scopesOfClient.get(client) ?? []) this.leave(client, key);
    this.scopesOfClient.delete(client);
    if (client.userId === null) return;
    const clients = this.clientsOfUser.get(client.userId);
    clients?.delete(client);
    if (clients?.size === 0) this.clientsOfUser.delete(client.userId);
  }

  /**
   * The client's snapshot as the JSON members `"views":{…},"versions":{…}`, in pieces: each view is the
   * scope's JSON as kept (the same text `snapshot` would serialize to, already encoded), so a reconnect
   * storm neither serializes nor encodes the global view once per socket. `only`: just those scopes
   * (`sg {scopes}`: a screen loads the views it shows).
   */
  snapshotParts(client: PushClient, only: ReadonlySet<string> | null = null): Array<string | Buffer> {
    this.flushPresence();
    const parts: Array<string | Buffer> = [];
    let versions = '';
    for (const key of this.scopesOfClient.get(client) ?? []) {
      if (only && !only.has(key.scope)) continue;
      const scope = this.scope(key);
      const first = versions === '';
      parts.push(`${first ? '"views":{' : ','}"${key.scope}":`, this.jsonOf(scope));
      versions += `${first ? '' : ','}"${key.scope}":${scope.version}`;
    }
    parts.push(parts.length === 0 ? `"views":{},"versions":{}` : `},"versions":{${versions}}`);
    return parts;
  }

  /** snapshotParts as one string. */
  snapshotJson(client: PushClient): string {
    return this.snapshotParts(client).map(String).join('');
  }

  private jsonOf(scope: Scope): Buffer {
    if (scope.json) return scope.json;
    const json = Buffer.from(JSON.stringify(scope.memo.view));
    if (scope.clients.size > 1 || isShared(scope.memo.key)) scope.json = json;
    return json;
  }

  /** The client's views as they stand, with the versions later patches build on. */
  snapshot(client: PushClient): Snapshot {
    this.flushPresence();
    const snapshot: Snapshot = { views: {}, versions: {} };
    for (const key of this.scopesOfClient.get(client) ?? []) {
      const scope = this.scope(key);
      snapshot.views[key.scope] = scope.memo.view;
      snapshot.versions[key.scope] = scope.version;
    }
    return snapshot;
  }

  /** A user went on- or offline: the scopes that may show it are refreshed at the end of this turn (presence-changes.ts). */
  readonly presenceChanged = (userId: string): void => this.presenceChanges.add(userId);

  /** Refreshes the scopes that may show the presence changes since the last time; also before a snapshot and a state's pushes. */
  flushPresence(state: LiveState = this.live.state): void {
    const scopes = scopesShowingPresence(state, this.presenceChanges.take(), this.scopes, this.instances);
    for (const scope of scopes) this.refresh(scope, state);
  }

  private onStateChange(state: LiveState, previous: LiveState): void {
    this.flushPresence(previous); // presence changed before this state: refreshed in the state it changed in
    this.followScopeChanges(state, previous);
    for (const name of SCOPE_NAMES) {
      const instances = this.instancesOf(name);
      if (instances.size === 0) continue;
      const touched = touchedInstances(scopeDefinition({ scope: name }).reads, state, previous);
      if (touched === 'all' || touched.size >= instances.size) {
        for (const [id, scope] of instances) if (touched === 'all' || touched.has(id)) this.refresh(scope, state);
      } else {
        for (const id of touched) {
          const scope = instances.get(id);
          if (scope) this.refresh(scope, state);
        }
      }
    }
  }

  private refresh(scope: Scope, state: LiveState): void {
    if (scope.clients.size === 0) return void (scope.behind = true); // caught up when someone comes (scope())
    const before = scope.memo.view;
    if (!scope.memo.update(state)) return;
    const view = scope.memo.view;
    // The patch is the comparison: an empty one means nothing a client sees has changed.
    const patch = before && view ? diffViews(before, view) : null;
    if (patch ? patch.length === 0 : before === view) return;
    scope.json = null;
    scope.version++;
    const name = scope.memo.key.scope;
    const content = patch
      ? { scope: name, version: scope.version, patch }
      : { scope: name, version: scope.version, value: view };
    const frame = Buffer.from(JSON.stringify({ type: 'st', id: ++this.frameId, content }));
    for (const client of scope.clients) client.send(frame);
  }

  /**
   * A user whose scopes changed (a member who joined or left a team, roles granted or taken) leaves the old ones and gets the
   * whole view of each new one; a scope left without a successor of its name is pushed as null.
   */
  private followScopeChanges(state: LiveState, previous: LiveState): void {
    // Only the users that changed (the maps' diff skips everything they share), not every connected one.
    state.users.diff(previous.users, (userId) => {
      for (const client of this.clientsOfUser.get(userId) ?? []) this.resubscribe(client, state);
    });
  }

  private resubscribe(client: PushClient, state: LiveState): void {
    if (client.userId === null) return;
    const before = this.scopesOfClient.get(client) ?? [];
    const after = scopesOf(state, viewerOf(state, client.userId));
    const beforeIds = new Set(before.map(scopeKeyString));
    const afterIds = new Set(after.map(scopeKeyString));
    const left = before.filter((key) => !afterIds.has(scopeKeyString(key)));
    const joined = after.filter((key) => !beforeIds.has(scopeKeyString(key)));
    if (left.length === 0 && joined.length === 0) return;
    this.scopesOfClient.set(client, after);
    for (const key of left) {
      this.leave(client, key);
      if (!joined.some((k) => k.scope === key.scope)) this.sendValue(client, key.scope, 0, null);
    }
    for (const key of joined) {
      const scope = this.scope(key);
      scope.clients.add(client);
      this.sendValue(client, key.scope, scope.version, scope.memo.view);
    }
  }

  private sendValue(client: PushClient, scope: ScopeName, version: number, value: object | null): void {
    client.send(JSON.stringify({ type: 'st', id: ++this.frameId, content: { scope, version, value } }));
  }

  private scope(key: ScopeKey): Scope {
    const id = scopeKeyString(key);
    let scope = this.scopes.get(id);
    if (!scope) {
      const memo = new MemoisedScope(key, this.isOnline);
      memo.update(this.live.state);
      scope = { memo, version: 1, clients: new Set(), json: null, behind: false };
      this.scopes.set(id, scope);
      this.instancesOf(key.scope).set(scopeInstanceId(key), scope);
    } else catchUp(scope, this.live.state);
    return scope;
  }

  /** The instances of a scope: the map holds every scope's from the start. */
  private instancesOf(name: ScopeName): Map<string, Scope> {
    return knownEntry(this.instances, name, 'the instances of the scope');
  }

  private leave(client: PushClient, key: ScopeKey): void {
    const id = scopeKeyString(key);
    const scope = this.scopes.get(id);
    if (!scope) return;
    scope.clients.delete(client);
    // Nobody listens: a team's or a user's scope is dropped (computed afresh for its next subscriber), a
    // shared one kept without updates (an operator alone reloading a screen gets it caught up, not rebuilt).
    if (scope.clients.size === 0 && !isShared(key)) {
      this.scopes.delete(id);
      this.instancesOf(key.scope).delete(scopeInstanceId(key));
    }
  }
}
