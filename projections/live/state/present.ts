/**
 * Presence the types cannot see: a Map entry under a key the caller just put or looked up, the
 * actor of a rule only users reach. These prove it to the compiler and, should it ever be wrong, fail
 * with a clear message instead of a TypeError somewhere later.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** The entry under `key`, which the caller knows the map holds. */
export function knownEntry<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === null || value === undefined) throw new Error(`${what} ${String(key)} is missing`);
  return value;
}

/** Removes the first key a Map or Set holds: the oldest, as both keep insertion order (nothing when empty). */
export function dropOldest<K>(collection: { keys(): Iterator<K>; delete(key: K): boolean }): void {
  const oldest = collection.keys().next();
  if (!oldest.done) collection.delete(oldest.value);
}
