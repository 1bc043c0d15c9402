import { PersistentMap } from '../../../projections/live';

/**
 * Which parts of a state a function reads, and a fence that lets another function read only those.
 * Paths are property reads (`state.night.round`), map look-ups (`state.teams.get("t1")`) and whole-map
 * walks (`state.users.*`); the `online("u1")` path is a presence look-up.
 */
export interface ReadFence<T> {
  /** `root` seen through a proxy that calls `visit` with each path read. */
  wrap(root: T): T;
  readonly isOnline: (userId: string) => boolean;
}

type Visit = (path: string) => void;

const WALKS = new Set(['forEach', 'values', 'entries']);

function fence<T>(visit: Visit, open: ReadonlySet<unknown>, online: (userId: string) => boolean): ReadFence<T> {
  const wrap = (value: unknown, path: string): unknown => {
    if (typeof value !== 'object' || value === null || open.has(value)) return value;
    if (value instanceof PersistentMap) return wrapMap(value, path);
    return new Proxy(value, {
      get(target, prop) {
        if (typeof prop === 'symbol') return Reflect.get(target, prop);
        const at = `${path}.${prop}`;
        visit(at);
        return wrap(Reflect.get(target, prop), at);
      },
      has(target, prop) {
        visit(`${path}.${String(prop)}`);
        return Reflect.has(target, prop);
      },
      ownKeys(target) {
        visit(`${path}.*`);
        return Reflect.ownKeys(target);
      },
    });
  };
  const wrapMap = (map: PersistentMap<unknown>, path: string) =>
    new Proxy(map, {
      get(target, prop) {
        if (prop === 'get' || prop === 'has') {
          return (key: string) => {
            const at = `${path}.get(${JSON.stringify(key)})`;
            visit(at);
            const value = target.get(key);
            return prop === 'has' ? value !== undefined : wrap(value, at);
          };
        }
        if (typeof prop === 'string' && WALKS.has(prop)) {
          visit(`${path}.*`);
          const entries = target
            .entries()
            .map(([key, value]) => [key, wrap(value, `${path}.get(${JSON.stringify(key)})`)] as const);
          if (prop === 'values') return () => entries.map(([, value]) => value);
          if (prop === 'entries') return () => entries.map(([key, value]) => [key, value]);
          return (fn: (value: unknown, key: string) => void) => entries.forEach(([key, value]) => fn(value, key));
        }
        // size, diff, toObject, ...: what they return depends on the whole map.
        visit(prop === 'size' ? `${path}.size` : `${path}.*`);
        const member = Reflect.get(target, prop, target);
        return typeof member === 'function' ? member.bind(target) : member;
      },
    });
  const isOnline = (userId: string) => {
    visit(`online(${JSON.stringify(userId)})`);
    return online(userId);
  };
  return { wrap: (root) => wrap(root, 'state') as T, isOnline };
}

/** Records the paths read through it. */
export function readRecorder<T>(
  online: (userId: string) => boolean,
): ReadFence<T> & { readonly paths: ReadonlySet<string> } {
  const paths = new Set<string>();
  return { ...fence<T>((path) => paths.add(path), new Set(), online), paths };
}

/**
 * Throws on a read of any path not in `allowed`; inside the values in `open` (compared by identity)
 * everything may be read.
 */
export function readFence<T>(
  allowed: ReadonlySet<string>,
  open: ReadonlySet<unknown>,
  online: (userId: string) => boolean,
  what: string,
): ReadFence<T> {
  return fence<T>(
    (path) => {
      if (!allowed.has(path)) throw new Error(`${what} reads ${path}, which its inputs do not`);
    },
    open,
    online,
  );
}
