/**
 * A small, immutable RFC 6902 (JSON Patch) applier: add, remove, replace, move, copy, test.
 * The input document is never changed; untouched branches are shared with the result.
 */

import type { JsonValue, PatchOperation } from '@wire/replies';

export type { JsonValue, PatchOperation };

export class PatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchError';
  }
}

/** "/a/b~1c/~0d" → ["a", "b/c", "~d"]; "" → []. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`invalid JSON pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function arrayIndex(token: string, length: number, allowEnd: boolean): number {
  if (allowEnd && token === '-') return length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new PatchError(`invalid array index "${token}"`);
  const index = Number(token);
  if (index > length || (!allowEnd && index === length)) throw new PatchError(`array index ${index} out of bounds`);
  return index;
}

function getAt(doc: JsonValue, tokens: string[]): JsonValue {
  let current: JsonValue = doc;
  for (const token of tokens) {
    if (Array.isArray(current)) current = current[arrayIndex(token, current.length, false)];
    else if (isObject(current) && Object.prototype.hasOwnProperty.call(current, token)) current = current[token];
    else throw new PatchError(`path not found at "${token}"`);
  }
  return current;
}

type Leaf = (parent: JsonValue, token: string) => JsonValue;

/** Rebuilds the branch down to the parent of the last token, applying `leaf` to that parent. */
function updateAt(doc: JsonValue, tokens: string[], leaf: Leaf): JsonValue {
  if (tokens.length === 0) throw new PatchError('the root cannot be changed this way');
  const [head, ...rest] = tokens;
  if (rest.length === 0) return leaf(doc, head);
  if (Array.isArray(doc)) {
    const index = arrayIndex(head, doc.length, false);
    const copy = doc.slice();
    copy[index] = updateAt(doc[index], rest, leaf);
    return copy;
  }
  if (isObject(doc) && Object.prototype.hasOwnProperty.call(doc, head)) {
    return { ...doc, [head]: updateAt(doc[head], rest, leaf) };
  }
  throw new PatchError(`path not found at "${head}"`);
}

function add(doc: JsonValue, tokens: string[], value: JsonValue): JsonValue {
  if (tokens.length === 0) return value;
  return updateAt(doc, tokens, (parent, token) => {
    if (Array.isArray(parent)) {
      const copy = parent.slice();
      copy.splice(arrayIndex(token, parent.length, true), 0, value);
      return copy;
    }
    if (isObject(parent)) return { ...parent, [token]: value };
    throw new PatchError('cannot add to a scalar');
  });
}

function remove(doc: JsonValue, tokens: string[]): JsonValue {
  return updateAt(doc, tokens, (parent, token) => {
    if (Array.isArray(parent)) {
      const copy = parent.slice();
      copy.splice(arrayIndex(token, parent.length, false), 1);
      return copy;
    }
    if (isObject(parent) && Object.prototype.hasOwnProperty.call(parent, token)) {
      const copy = { ...parent };
      delete copy[token];
      return copy;
    }
    throw new PatchError(`path not found at "${token}"`);
  });
}

function replace(doc: JsonValue, tokens: string[], value: JsonValue): JsonValue {
  if (tokens.length === 0) return value;
  return updateAt(doc, tokens, (parent, token) => {
    if (Array.isArray(parent)) {
      const copy = parent.slice();
      copy[arrayIndex(token, parent.length, false)] = value;
      return copy;
    }
    if (isObject(parent) && Object.prototype.hasOwnProperty.call(parent, token)) return { ...parent, [token]: value };
    throw new PatchError(`path not found at "${token}"`);
  });
}

function deepEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]))
    );
  }
  return false;
}

export function applyOperation(doc: JsonValue, operation: PatchOperation): JsonValue {
  const path = parsePointer(operation.path);
  switch (operation.op) {
    case 'add':
      return add(doc, path, operation.value);
    case 'remove':
      return remove(doc, path);
    case 'replace':
      return replace(doc, path, operation.value);
    case 'move': {
      if (operation.path.startsWith(operation.from + '/')) throw new PatchError('cannot move a value into itself');
      const from = parsePointer(operation.from);
      const value = getAt(doc, from);
      return add(remove(doc, from), path, value);
    }
    case 'copy':
      return add(doc, path, getAt(doc, parsePointer(operation.from)));
    case 'test':
      if (!deepEqual(getAt(doc, path), operation.value)) throw new PatchError(`test failed at "${operation.path}"`);
      return doc;
    default:
      throw new PatchError(`unknown operation ${(operation as { op: string }).op}`);
  }
}

/** Applies all operations in order; throws PatchError (and changes nothing) if any fails. */
export function applyPatch(doc: JsonValue, operations: readonly PatchOperation[]): JsonValue {
  return operations.reduce(applyOperation, doc);
}
