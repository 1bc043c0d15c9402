/**
 * A persistent hash map (hash array mapped trie, 32-way, bitmap-compressed) from string keys.
 *
 * Why: the live state holds up to thousands of teams and users and is replaced, never mutated, by
 * every event. Copying a plain object of all teams per event costs O(teams); here an update copies
 * one path of at most two small arrays for 1,000 teams (seven levels at most), so the cost per event
 * barely grows with the number of teams while old states stay intact (structural sharing).
 *
 * Transient updates: `fold` folds a batch of events under one `Owner` token. Nodes created under the
 * token belong to that fold alone (no caller has seen them yet), so later updates in the same fold
 * change them in place instead of copying the path again. Nodes of any earlier state are never
 * touched, so every state a caller holds stays unchanged. Without an owner every update copies.
 */

const BITS = 5;
const MASK = 31;

/** The token of one fold; see above. */
export type Owner = object;

/*
 * Leaves and branches are made by constructors, not object literals, on purpose. V8 allocates the
 * objects of a literal that mostly survive collections straight into the old generation
 * (allocation-site pretenuring). A fold changes its own nodes in place; an old node changed in
 * place keeps the young objects it points to alive until the next full collection, even after the
 * node itself died. At 1,000 teams that happened to the trie nodes in about half of the bench:reducer
 * processes, which then promoted about ten times as much and spent two to three times as long
 * collecting garbage.
 */
class Leaf<V> {
  readonly kind = 0;
  constructor(
    readonly hash: number,
    readonly key: string,
    public value: V,
    readonly owner: Owner | null,
  ) {}
}
class Branch<V> {
  readonly kind = 1;
  constructor(
    public bitmap: number,
    readonly children: TrieNode<V>[],
    readonly owner: Owner | null,
  ) {}
}
interface Collision<V> {
  readonly kind: 2;
  readonly hash: number;
  readonly leaves: readonly Leaf<V>[];
}
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

const leaf = <V>(hash: number, key: string, value: V, owner: Owner | null): Leaf<V> =>
  new Leaf(hash, key, value, owner);
const branch = <V>(bitmap: number, children: TrieNode<V>[], owner: Owner | null): Branch<V> =>
  new Branch(bitmap, children, owner);

const owns = (owner: Owner | null, node: { readonly owner: Owner | null }): boolean =>
  owner !== null && node.owner === owner;

/** The branch itself when the fold owns it, else a copy the fold owns. */
function ownBranch<V>(node: Branch<V>, owner: Owner | null): Branch<V> {
  return owns(owner, node) ? node : branch(node.bitmap, node.children.slice(), owner);
}

/** The leaf with a new value: changed in place when the fold owns it. */
function withValue<V>(node: Leaf<V>, value: V, owner: Owner | null): Leaf<V> {
  if (node.value === value) return node;
  if (!owns(owner, node)) return leaf(node.hash, node.key, value, owner);
  node.value = value;
  return node;
}

/** Joins two nodes with different hashes under a new branch at `shift`. */
function join<V>(a: Leaf<V> | Collision<V>, b: Leaf<V> | Collision<V>, shift: number, owner: Owner | null): Branch<V> {
  const ai = (a.hash >>> shift) & MASK;
  const bi = (b.hash >>> shift) & MASK;
  if (ai === bi) return branch(1 << ai, [join(a, b, shift + BITS, owner)], owner);
  return branch((1 << ai) | (1 << bi), ai < bi ? [a, b] : [b, a], owner);
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
function insertIn<V>(
  node: TrieNode<V>,
  shift: number,
  hash: number,
  key: string,
  value: V,
  owner: Owner | null,
): TrieNode<V> {
  if (node.kind === 0) {
    if (node.hash === hash) return { kind: 2, hash, leaves: [node, leaf(hash, key, value, owner)] };
    return join(node, leaf(hash, key, value, owner), shift, owner);
  }
  if (node.kind === 2) {
    if (node.hash !== hash) return join(node, leaf(hash, key, value, owner), shift, owner);
    return { kind: 2, hash, leaves: [...node.leaves, leaf(hash, key, value, owner)] };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  const index = popcount(node.bitmap & (bit - 1));
  const next = ownBranch(node, owner);
  if (node.bitmap & bit) {
    next.children[index] = insertIn(node.children[index], shift + BITS, hash, key, value, owner);
  } else {
    next.children.splice(index, 0, leaf(hash, key, value, owner));
    next.bitmap |= bit;
  }
  return next;
}

/**
 * Replaces the value under key with fn(value, arg) in one walk down the trie; null when the key is
 * missing. `arg` rather than a closure: set and update run once per event in a fold.
 */
function updateIn<V, A>(
  node: TrieNode<V>,
  shift: number,
  hash: number,
  key: string,
  fn: (value: V, arg: A) => V,
  arg: A,
  owner: Owner | null,
): TrieNode<V> | null {
  if (node.kind === 0) return node.key === key ? withValue(node, fn(node.value, arg), owner) : null;
  if (node.kind === 2) {
    const i = node.leaves.findIndex((l) => l.key === key);
    if (i < 0) return null;
    const value = fn(node.leaves[i].value, arg);
    if (value === node.leaves[i].value) return node;
    const leaves = node.leaves.slice();
    leaves[i] = leaf(hash, key, value, null);
    return { kind: 2, hash, leaves };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((node.bitmap & bit) === 0) return null;
  const index = popcount(node.bitmap & (bit - 1));
  const child = node.children[index];
  const changed = updateIn(child, shift + BITS, hash, key, fn, arg, owner);
  if (changed === null || changed === child) return changed === null ? null : node;
  const next = ownBranch(node, owner);
  next.children[index] = changed;
  return next;
}

const replaceWith = <V>(_old: V, value: V): V => value;
const applyTo = <V>(old: V, fn: (value: V) => V): V => fn(old);

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
    return branch(node.bitmap & ~bit, children, null);
  }
  if (node.children.length === 1 && next.kind !== 1) return next;
  const children = node.children.slice();
  children[index] = next;
  return branch(node.bitmap, children, null);
}

/**
 * Reports every key whose value differs between two tries, skipping the subtrees they share (the
 * same node object): a diff of two states a few events apart costs what those events changed.
 */
function diffIn<V>(
  before: TrieNode<V> | null,
  after: TrieNode<V> | null,
  report: (key: string, value: V | undefined, previous: V | undefined) => void,
): void {
  if (before === after) return;
  if (before?.kind === 1 && after?.kind === 1 && before.bitmap === after.bitmap) {
    for (let i = 0; i < after.children.length; i++)
      diffIn(before.children[i] ?? null, after.children[i] ?? null, report);
    return;
  }
  const previous = new Map<string, V>();
  if (before) eachIn(before, (value, key) => previous.set(key, value));
  if (after) {
    eachIn(after, (value, key) => {
      const old = previous.get(key);
      previous.delete(key);
      if (old !== value) report(key, value, old);
    });
  }
  for (const [key, old] of previous) report(key, undefined, old);
}

function eachIn<V>(node: TrieNode<V>, fn: (value: V, key: string) => void): void {
  if (node.kind === 0) fn(node.value, node.key);
  else if (node.kind === 2) for (const l of node.leaves) fn(l.value, l.key);
  else for (const c of node.children) eachIn(c, fn);
}

export class PersistentMap<V> {
  private static readonly EMPTY = new PersistentMap<never>(null, 0, null);

  private constructor(
    private root: TrieNode<V> | null,
    private count: number,
    private readonly owner: Owner | null,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return PersistentMap.EMPTY as PersistentMap<V>;
  }

  static of<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    const owner = {};
    let map = PersistentMap.empty<V>();
    for (const [k, v] of entries) map = map.set(k, v, owner);
    return map;
  }

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    return getIn(this.root, hashOf(key), key);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** The map with key set to value; `owner`: see Transient updates above. */
  set(key: string, value: V, owner: Owner | null = null): PersistentMap<V> {
    const hash = hashOf(key);
    if (this.root === null) return this.with(leaf(hash, key, value, owner), 1, owner);
    const replaced = updateIn(this.root, 0, hash, key, replaceWith<V>, value, owner);
    if (replaced !== null) return this.with(replaced, this.count, owner);
    return this.with(insertIn(this.root, 0, hash, key, value, owner), this.count + 1, owner);
  }

  /** Replaces the value under key with fn(value); a missing key leaves the map as it is. */
  update(key: string, fn: (value: V) => V, owner: Owner | null = null): PersistentMap<V> {
    if (this.root === null) return this;
    const root = updateIn(this.root, 0, hashOf(key), key, applyTo<V>, fn, owner);
    return root === null ? this : this.with(root, this.count, owner);
  }

  delete(key: string): PersistentMap<V> {
    if (this.root === null) return this;
    const root = deleteIn(this.root, 0, hashOf(key), key);
    return this.with(root, root === this.root ? this.count : this.count - 1, null);
  }

  private with(root: TrieNode<V> | null, count: number, owner: Owner | null): PersistentMap<V> {
    if (root === this.root && count === this.count) return this;
    if (owner === null || this.owner !== owner) return new PersistentMap(root, count, owner);
    this.root = root;
    this.count = count;
    return this;
  }

  forEach(fn: (value: V, key: string) => void): void {
    if (this.root) eachIn(this.root, fn);
  }

  /** Calls `report` for every key added (previous undefined), removed (value undefined) or changed since `before`. */
  diff(before: PersistentMap<V>, report: (key: string, value: V | undefined, previous: V | undefined) => void): void {
    diffIn(before.root, this.root, report);
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
