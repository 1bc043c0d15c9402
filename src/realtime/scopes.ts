import { scopeDefinition, type AnyScopeDefinition, type IsOnline, type LiveState, type ScopeKey } from '../../projections/live';

/**
 * One scope instance on the server: its view, recomputed only when one of its inputs changed, and
 * what the view keeps between computations. Which inputs, views and kept values a scope has is
 * declared in projections/live (views.ts); nothing here knows a particular scope.
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
    const inputs = this.definition.inputs(state, this.key, this.isOnline);
    if (this.inputs !== null && sameInputs(inputs, this.inputs)) return false;
    this.inputs = inputs;
    this.kept = this.definition.keep?.(state, this.kept);
    this.view = this.definition.view(state, this.key, this.isOnline, this.kept);
    return true;
  }
}

export function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
