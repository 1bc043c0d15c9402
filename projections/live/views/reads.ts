/**
 * What a scope's view reads, said once (ARCHITECTURE.md rule 16). A scope declares a list of reads
 * beside its view; each read says what it reads for one instance (`of`) and which instances a
 * change of it touches (`touches`). From that one list come both:
 *  - the inputs of an instance (readInputs): every read's values, compared by reference; while none
 *    changed, the view cannot have changed either and is not recomputed;
 *  - the instances a state change touches (touchedInstances): a server checks only these instead of
 *    every connected team and user, so an event costs what it touched, not what the show holds.
 * test/unit/scopes.test.ts holds each read to both halves over recorded nights and fuzzed commands:
 * a view reads nothing its reads do not, and an instance a read leaves out has the same values.
 * Presence (isOnline) is read like the rest but touches nothing: the server refreshes a user's scopes
 * when they come or go.
 */
import type { PersistentMap } from '../state/persistent-map';
import type { LiveState } from '../state/state';
import { scopeInstanceId, type IsOnline, type ScopeKey } from './scope-key';

/** One thing a view reads. */
export interface Read<K extends ScopeKey = ScopeKey> {
  /**
   * What the view reads of it for one instance, compared by reference; a list (a fresh array) is
   * compared item by item. Everything the view reads must be reached on the way here or lie inside
   * what is returned.
   */
  of(state: LiveState, key: K, isOnline: IsOnline): unknown;
  /**
   * The instances (teamId, userId) whose `of` may differ between `previous` and `state`, added to
   * `touched`; or 'all'. Nothing added: no instance's `of` changed.
   */
  touches(state: LiveState, previous: LiveState, touched: Set<string>): 'all' | void;
}

/** Something the whole state holds once, the same for every instance: a change touches all of them. */
export function whole(select: (state: LiveState) => unknown): Read {
  return {
    of: (state) => select(state),
    touches: (state, previous) => (select(state) === select(previous) ? undefined : 'all'),
  };
}

/**
 * The instance's own entry of a map keyed by instance id (a team's record in `teams`, a user's in
 * `users`): a change touches the instances whose entry changed (the maps' diff skips what they share).
 */
export function entry(map: (state: LiveState) => PersistentMap<unknown>): Read {
  return {
    of: (state, key) => map(state).get(scopeInstanceId(key)),
    touches(state, previous, touched) {
      map(state).diff(map(previous), (id) => touched.add(id));
    },
  };
}

/** A read keyed otherwise, its two halves written out (`of` and `touches` as in Read). */
export function keyedRead<K extends ScopeKey>(declared: Read<K>): Read<K> {
  return declared;
}

/** The reads of a scope (ScopeDefinition.reads). */
export type Reads<K extends ScopeKey> = readonly Read<K>[];

/** The instance's inputs: every read's values in order, a list's items one by one after its length. */
export function readInputs<K extends ScopeKey>(
  reads: Reads<K>,
  state: LiveState,
  key: K,
  isOnline: IsOnline,
): unknown[] {
  const inputs: unknown[] = [];
  for (const one of reads) {
    const value = one.of(state, key, isOnline);
    if (!Array.isArray(value)) {
      inputs.push(value);
      continue;
    }
    inputs.push(LIST, value.length);
    for (const item of value as unknown[]) inputs.push(item);
  }
  return inputs;
}

/** Marks where a list starts among the inputs, so that lists of reads next to each other cannot run into each other. */
const LIST = Symbol('list');

export function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The instances a change from `previous` to `state` touched: the union of what each read touches. */
export function touchedInstances(
  reads: Reads<ScopeKey>,
  state: LiveState,
  previous: LiveState,
): ReadonlySet<string> | 'all' {
  const touched = new Set<string>();
  for (const one of reads) if (one.touches(state, previous, touched) === 'all') return 'all';
  return touched;
}
