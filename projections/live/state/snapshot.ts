/**
 * The live state as text and back (ARCHITECTURE.md rule 10: a snapshot is a cache, never the truth).
 * Persistent maps are written as their entries; everything else as plain JSON. Written in pieces, so
 * that a server can write a large state between pushes instead of in one long stop.
 */
import { PersistentMap } from './persistent-map';
import type { LiveState } from './state';

/** How a persistent map is written: `{"$map": [[key, value], ...]}`. */
const MAP_TAG = '$map';

function replacer(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown>)[key];
  return original instanceof PersistentMap ? { [MAP_TAG]: original.entries() } : value;
}

/**
 * Turns every `{"$map": ...}` back into a persistent map. Map values are not searched: no value of a
 * map holds a map (the round-trip tests fail otherwise), and skipping them is what keeps decoding
 * cheap, since map values are nearly all of a large state. (A JSON.parse reviver visits every value
 * and was 4-6x slower on a 10 MB state.)
 */
function revive(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (MAP_TAG in value) return PersistentMap.of((value as { [MAP_TAG]: [string, unknown][] })[MAP_TAG]);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = revive(record[key]);
  return record;
}

/** Entries of a large map written per piece. */
const ENTRIES_PER_PIECE = 1000;

function json(value: unknown): string {
  return JSON.stringify({ v: value }, replacer).slice('{"v":'.length, -1);
}

/**
 * The state as JSON in pieces (a top-level field, or up to 1,000 entries of a map): a caller may pause
 * between pieces, since the state is immutable. Joined, the pieces are one JSON object.
 */
export function* encodeStateInPieces(state: LiveState): Generator<string> {
  const keys = Object.keys(state) as (keyof LiveState)[];
  yield '{';
  for (const [i, key] of keys.entries()) {
    const value = state[key];
    const name = `${i === 0 ? '' : ','}${JSON.stringify(key)}:`;
    if (!(value instanceof PersistentMap)) {
      yield name + json(value);
      continue;
    }
    yield `${name}{"${MAP_TAG}":[`;
    const entries = (value as PersistentMap<unknown>).entries();
    for (let start = 0; start < entries.length; start += ENTRIES_PER_PIECE) {
      yield (
        (start === 0 ? '' : ',') +
        entries
          .slice(start, start + ENTRIES_PER_PIECE)
          .map(json)
          .join(',')
      );
    }
    yield ']}';
  }
  yield '}';
}

export function encodeState(state: LiveState): string {
  return [...encodeStateInPieces(state)].join('');
}

export function decodeState(text: string): LiveState {
  return revive(JSON.parse(text)) as LiveState;
}
