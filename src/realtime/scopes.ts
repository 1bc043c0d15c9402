import type { Role } from '../../events';
import type { PushClient } from './session';
import {
  readInputs,
  sameInputs,
  scopeDefinition,
  scopeInstanceId,
  type AnyScopeDefinition,
  type IsOnline,
  type LiveState,
  type ScopeKey,
} from '../../projections/live';

/**
 * One scope instance on the server: its view, recomputed only when something it reads changed, and
 * what the view keeps between computations. What a scope reads, its view and its kept value are
 * declared in projections/live/views (one file per scope); nothing here knows a particular scope.
 */
export class MemoisedScope {
  private readonly definition: AnyScopeDefinition;
  private inputs: readonly unknown[] | null = null;
  private kept: unknown = undefined;
  view: object | null = null;

  constructor(
    readonly key: ScopeKey,
    private readonly isOnline: IsOnline,
  ) {
    this.definition = scopeDefinition(key);
  }

  /** Recomputes the view if an input changed since the last time; returns whether it did. */
  update(state: LiveState): boolean {
    const inputs = readInputs(this.definition.reads, state, this.key, this.isOnline);
    if (this.inputs !== null && sameInputs(inputs, this.inputs)) return false;
    this.inputs = inputs;
    this.kept = this.definition.keep?.(state, this.kept);
    this.view = this.definition.view(state, this.key, this.isOnline, this.kept);
    return true;
  }
}

/** A scope with one instance for everyone who receives it (global, moderator, tester, operator, overlay). */
export const isShared = (key: ScopeKey): boolean => scopeInstanceId(key) === '';

/** The viewer a client is in a state: its user with that user's roles there. */
export function viewerOf(state: LiveState, userId: string): { userId: string; roles: readonly Role[] } {
  return { userId, roles: state.users.get(userId)?.roles ?? [] };
}

/** A scope instance as the push hub keeps it: its memoised view, version and sockets. */
export interface Scope {
  memo: MemoisedScope;
  version: number;
  clients: Set<PushClient>;
  /**
   * The view as JSON bytes, made for the first snapshot after it changed and shared by every snapshot
   * until the next change; kept for shared scopes and those with more than one socket (a user's own scope is not).
   */
  json: Buffer | null;
  /** A change came while nobody listened (a shared scope kept between visits): to catch up before the next snapshot. */
  behind: boolean;
}

/** A kept scope that changes passed while nobody listened: its view caught up (its kept parts visit only what changed), one version on. */
export function catchUp(scope: Scope, state: LiveState): void {
  if (!scope.behind) return;
  scope.behind = false;
  if (!scope.memo.update(state)) return;
  scope.version++;
  scope.json = null;
}
