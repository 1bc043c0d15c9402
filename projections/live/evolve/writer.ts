import type { Owner, PersistentMap } from '../state/persistent-map';
import { EDITED_BY, type Editable, type LiveState } from '../state/state';

/** What an event changes: the top-level fields it replaces. evolve and fold count the version. */
export type Changes = Partial<Omit<LiveState, 'version'>>;

/** Nothing at the top level changed (a record may have changed inside a map that stayed the same). */
export const NO_CHANGES: Changes = Object.freeze({});

/** A record with its fields writable, as `Writer.edit` hands it to a change (events/ calls an event not yet appended a Draft). */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * How area evolvers change maps and records. evolve and fold give each call one writer; whatever it
 * makes belongs to that call until the call returns (nobody else has seen it yet), so the writer
 * changes the maps and record copies it made itself in place and copies everything else (transient
 * updates, see persistent-map.ts). A fold of many events thus copies a team's play once per batch
 * instead of once per event. Area evolvers use it without knowing which of the two happens.
 */
export class Writer {
  private readonly owner: Owner = {};

  set<V>(map: PersistentMap<V>, key: string, value: V): PersistentMap<V> {
    return map.set(key, value, this.owner);
  }

  /** A missing key leaves the map as it is. */
  update<V>(map: PersistentMap<V>, key: string, fn: (value: V) => V): PersistentMap<V> {
    return map.update(key, fn, this.owner);
  }

  delete<V>(map: PersistentMap<V>, key: string): PersistentMap<V> {
    return map.delete(key);
  }

  /**
   * The map with the record under `key` changed by `change(record, input)`. `current` is the record
   * under `key`, or a fresh one where there is none; `copy` makes a copy of it that `change` may
   * edit as a `D` (a copy's lists are its own). `change` gets its input as an argument, not through
   * a closure: this is the hot path of a fold.
   */
  edit<V extends Editable, I, D = Writable<V>>(
    map: PersistentMap<V>,
    key: string,
    current: V,
    copy: (value: V) => V,
    change: (record: D, input: I) => void,
    input: I,
  ): PersistentMap<V> {
    if (current[EDITED_BY] === this.owner) {
      change(current as unknown as D, input);
      return map;
    }
    const copied = copy(current) as Writable<V>;
    copied[EDITED_BY] = this.owner;
    change(copied as unknown as D, input);
    return map.set(key, copied, this.owner);
  }
}
