import { compare, type Operation } from 'fast-json-patch';

/**
 * The JSON Patch from one view to the next. Like fast-json-patch's `compare`, except for lists whose
 * entries all carry an `id` (the lobby chat): there an entry that left is one `remove` and one that
 * came is one `add`, where `compare` (by index) would rewrite every entry once the list shifts by
 * one (a full 100-entry lobby chat re-sent with every message). Subtrees the views share are skipped.
 */
export function diffViews(before: unknown, after: unknown): Operation[] {
  const operations: Operation[] = [];
  diffInto(before, after, '', operations);
  return operations;
}

type Entry = { id: string } & Record<string, unknown>;

function diffInto(before: unknown, after: unknown, path: string, out: Operation[]): void {
  if (before === after) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of Object.keys(before))
      if (!has(after, key) && before[key] !== undefined) out.push({ op: 'remove', path: `${path}/${escape(key)}` });
    for (const key of Object.keys(after)) {
      const next = after[key];
      // The same value or subtree: no path is built (a view rebuilt whole, e.g. the moderator's, shares most leaves).
      if (next === undefined || before[key] === next) continue;
      const child = `${path}/${escape(key)}`;
      if (!has(before, key) || before[key] === undefined) out.push({ op: 'add', path: child, value: next });
      else diffInto(before[key], next, child, out);
    }
    return;
  }
  if (isEntryList(before) && isEntryList(after) && diffEntries(before, after, path, out)) return;
  if (Array.isArray(before) && Array.isArray(after)) {
    for (const operation of compare(before, after)) out.push({ ...operation, path: `${path}${operation.path}` });
    return;
  }
  out.push({ op: 'replace', path, value: after });
}

/** Entries by id: removes (highest index first), then changes of those kept, then the new ones at the end. False when the order of kept entries changed. */
function diffEntries(before: readonly Entry[], after: readonly Entry[], path: string, out: Operation[]): boolean {
  const afterIds = new Set(after.map((e) => e.id));
  const kept = before.filter((e) => afterIds.has(e.id));
  if (kept.length > after.length || kept.some((e, i) => after[i]?.id !== e.id)) return false;
  for (let i = before.length - 1; i >= 0; i--) {
    const entry = before[i];
    if (entry !== undefined && !afterIds.has(entry.id)) out.push({ op: 'remove', path: `${path}/${i}` });
  }
  kept.forEach((e, i) => diffInto(e, after[i], `${path}/${i}`, out));
  for (let i = kept.length; i < after.length; i++) out.push({ op: 'add', path: `${path}/${i}`, value: after[i] });
  return true;
}

function isEntryList(value: unknown): value is Entry[] {
  return Array.isArray(value) && value.length > 0 && value.every((e) => isPlainObject(e) && typeof e.id === 'string');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own keys only: a view may hold a key such as `toString` (a user's name, a team id). */
function has(record: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

function escape(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
}
