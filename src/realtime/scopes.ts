import { readInputs, sameInputs, scopeDefinition, type AnyScopeDefinition, type IsOnline, type LiveState, type ScopeKey } from '../../projections/live';

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
