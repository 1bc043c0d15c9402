/**
 * A persistent hash map (hash array mapped trie, 32-way, bitmap-compressed) from string keys.
 *
 * Why: the live state holds up to thousands of teams and users and is replaced, never mutated, by
 * every event. Copying a plain object of all teams per event costs O(teams); here an update copies
 * one path of at most two small arrays for 1,000 teams (seven levels at most), so the cost per event
 * barely grows with the number of teams while old states stay intact (structural sharing).
 */

const BITS = 5;
const MASK = 31;

interface Leaf<V> { readonly kind: 0; readonly hash: number; readonly key: string; readonly value: V }
interface Branch<V> { readonly kind: 1; readonly bitmap: number; readonly children: readonly TrieNode<V>[] }
interface Collision<V> { readonly kind: 2; readonly hash: number; readonly leaves: readonly Leaf<V>[] }
type TrieNode<V> = Leaf<V> | Branch<V> | Collision<V>;

/** FNV-1a, 32 bit. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

const leaf = <V>(hash: number, key: string, value: V): Leaf<V> => ({ kind: 0, hash, key, value });
const branch = <V>(bitmap: number, children: readonly TrieNode<V>[]): Branch<V> => ({ kind: 1, bitmap, children });

function hashOfNode<V>(node: Leaf<V> | Collision<V>): number {
  return node.hash;
}

/** Joins two nodes with different hashes under a new branch at `shift`. */
function join<V>(a: Leaf<V> | Collision<V>, b: Leaf<V> | Collision<V>, shift: number): Branch<V> {
  const ai = (hashOfNode(a) >>> shift) & MASK;
  const bi = (hashOfNode(b) >>> shift) & MASK;
  if (ai === bi) return branch(1 << ai, [join(a, b, shift + BITS)]);
  return branch((1 << ai) | (1 << bi), ai < bi ? [a, b] : [b, a]);
}

function getIn<V>(root: TrieNode<V> | null, hash: number, key: string): V | undefined {
  let node = root;
  let shift = 0;
  while (node) {
    if (node.kind === 0) return node.key === key ? node.value : undefined;
    if (node.kind === 2) {
      for (const l of node.leaves) if (l.key === key) return l.value;
      return undefined;
    }
    const bit = 1 << ((hash >>> shift) & MASK);
    if ((node.bitmap & bit) === 0) return undefined;
    node = node.children[popcount(node.bitmap & (bit - 1))];
    shift += BITS;
  }
  return undefined;
}

/** Inserts a key that is not in the trie yet. */
function insertIn<V>(node: TrieNode<V>, shift: number, hash: number, key: string, value: V): TrieNode<V> {
  if (node.kind === 0) {
    if (node.hash === hash) return { kind: 2, hash, leaves: [node, leaf(hash, key, value)] };
    return join(node, leaf(hash, key, value), shift);
  }
  if (node.kind === 2) {
    if (node.hash !== hash) return join(node, leaf(hash, key, value), shift);
    return { kind: 2, hash, leaves: [...node.leaves, leaf(hash, key, value)] };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  const index = popcount(node.bitmap & (bit - 1));
  const children = node.children.slice();
  if (node.bitmap & bit) {
    children[index] = insertIn(node.children[index], shift + BITS, hash, key, value);
    return branch(node.bitmap, children);
  }
  children.splice(index, 0, leaf(hash, key, value));
  return branch(node.bitmap | bit, children);
}

/** Replaces the value of an existing key; null when the key is missing (then setIn inserts it). */
function replaceIn<V>(node: TrieNode<V>, shift: number, hash: number, key: string, value: V): TrieNode<V> | null {
  if (node.kind === 0) {
    if (node.key !== key) return null;
    return node.value === value ? node : leaf(hash, key, value);
  }
  if (node.kind === 2) {
    const i = node.leaves.findIndex((l) => l.key === key);
    if (i < 0) return null;
    if (node.leaves[i].value === value) return node;
    const leaves = node.leaves.slice();
    leaves[i] = leaf(hash, key, value);
    return { kind: 2, hash, leaves };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((node.bitmap & bit) === 0) return null;
  const index = popcount(node.bitmap & (bit - 1));
  const child = node.children[index];
  const next = replaceIn(child, shift + BITS, hash, key, value);
  if (next === null) return null;
  if (next === child) return node;
  const children = node.children.slice();
  children[index] = next;
  return branch(node.bitmap, children);
}

/** Replaces the value under key in one walk down the trie; a missing key leaves the node as it is. */
function updateIn<V>(node: TrieNode<V>, shift: number, hash: number, key: string, fn: (value: V) => V): TrieNode<V> {
  if (node.kind === 0) {
    if (node.key !== key) return node;
    const value = fn(node.value);
    return value === node.value ? node : leaf(hash, key, value);
  }
  if (node.kind === 2) {
    const i = node.leaves.findIndex((l) => l.key === key);
    if (i < 0) return node;
    const value = fn(node.leaves[i].value);
    if (value === node.leaves[i].value) return node;
    const leaves = node.leaves.slice();
    leaves[i] = leaf(hash, key, value);
    return { kind: 2, hash, leaves };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((node.bitmap & bit) === 0) return node;
  const index = popcount(node.bitmap & (bit - 1));
  const child = node.children[index];
  const next = updateIn(child, shift + BITS, hash, key, fn);
  if (next === child) return node;
  const children = node.children.slice();
  children[index] = next;
  return branch(node.bitmap, children);
}

/** Returns the node without the key, null when it became empty; collapses single-leaf branches. */
function deleteIn<V>(node: TrieNode<V>, shift: number, hash: number, key: string): TrieNode<V> | null {
  if (node.kind === 0) return node.key === key ? null : node;
  if (node.kind === 2) {
    const leaves = node.leaves.filter((l) => l.key !== key);
    if (leaves.length === node.leaves.length) return node;
    return leaves.length === 1 ? leaves[0] : { kind: 2, hash: node.hash, leaves };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((node.bitmap & bit) === 0) return node;
  const index = popcount(node.bitmap & (bit - 1));
  const child = node.children[index];
  const next = deleteIn(child, shift + BITS, hash, key);
  if (next === child) return node;
  if (next === null) {
    if (node.children.length === 1) return null;
    const children = node.children.slice();
    children.splice(index, 1);
    if (children.length === 1 && children[0].kind !== 1) return children[0];
    return branch(node.bitmap & ~bit, children);
  }
  if (node.children.length === 1 && next.kind !== 1) return next;
  const children = node.children.slice();
  children[index] = next;
  return branch(node.bitmap, children);
}

function eachIn<V>(node: TrieNode<V>, fn: (value: V, key: string) => void): void {
  if (node.kind === 0) fn(node.value, node.key);
  else if (node.kind === 2) for (const l of node.leaves) fn(l.value, l.key);
  else for (const c of node.children) eachIn(c, fn);
}

export class PersistentMap<V> {
  private static readonly EMPTY = new PersistentMap<never>(null, 0);

  private constructor(private readonly root: TrieNode<V> | null, readonly size: number) {}

  static empty<V>(): PersistentMap<V> {
    return PersistentMap.EMPTY as PersistentMap<V>;
  }

  static of<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [k, v] of entries) map = map.set(k, v);
    return map;
  }

  get(key: string): V | undefined {
    return getIn(this.root, hashOf(key), key);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V): PersistentMap<V> {
    const hash = hashOf(key);
    if (this.root === null) return new PersistentMap(leaf(hash, key, value), 1);
    const replaced = replaceIn(this.root, 0, hash, key, value);
    if (replaced !== null) return replaced === this.root ? this : new PersistentMap(replaced, this.size);
    return new PersistentMap(insertIn(this.root, 0, hash, key, value), this.size + 1);
  }

  /** Replaces the value under key with fn(value); a missing key leaves the map as it is. */
  update(key: string, fn: (value: V) => V): PersistentMap<V> {
    if (this.root === null) return this;
    const root = updateIn(this.root, 0, hashOf(key), key, fn);
    return root === this.root ? this : new PersistentMap(root, this.size);
  }

  delete(key: string): PersistentMap<V> {
    if (this.root === null) return this;
    const root = deleteIn(this.root, 0, hashOf(key), key);
    if (root === this.root) return this;
    return new PersistentMap(root, this.size - 1);
  }

  forEach(fn: (value: V, key: string) => void): void {
    if (this.root) eachIn(this.root, fn);
  }

  values(): V[] {
    const out: V[] = [];
    this.forEach((v) => out.push(v));
    return out;
  }

  entries(): [string, V][] {
    const out: [string, V][] = [];
    this.forEach((v, k) => out.push([k, v]));
    return out;
  }

  /** A plain object with sorted keys: the same for equal contents, whatever the history. */
  toObject(): Record<string, V> {
    const out: Record<string, V> = {};
    for (const [k, v] of this.entries().sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out[k] = v;
    return out;
  }

  toJSON(): Record<string, V> {
    return this.toObject();
  }
}
