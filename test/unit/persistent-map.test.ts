import fc from 'fast-check';
import { PersistentMap } from '../../projections/live';

type Op = { kind: 'set'; key: string; value: number } | { kind: 'delete'; key: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.string({ maxLength: 3 }), value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.string({ maxLength: 3 }) }),
);

describe('PersistentMap', () => {
  it('behaves like a Map and never changes an older version', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        let map = PersistentMap.empty<number>();
        const model = new Map<string, number>();
        const versions: [PersistentMap<number>, Map<string, number>][] = [];
        for (const o of ops) {
          if (o.kind === 'set') {
            map = map.set(o.key, o.value);
            model.set(o.key, o.value);
          } else {
            map = map.delete(o.key);
            model.delete(o.key);
          }
          versions.push([map, new Map(model)]);
        }
        for (const [m, expected] of versions) {
          expect(m.size).toBe(expected.size);
          expect(m.toObject()).toEqual(
            Object.fromEntries([...expected].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
          );
          for (const [k, v] of expected) expect(m.get(k)).toBe(v);
        }
      }),
    );
  });

  it('updates under an owner (inside a fold) give the same contents and never change a map made before', () => {
    const opsArb = fc.array(op, { maxLength: 200 });
    fc.assert(
      fc.property(opsArb, opsArb, (first, second) => {
        const apply = (start: PersistentMap<number>, ops: Op[], owner: object | null) =>
          ops.reduce((m, o) => (o.kind === 'set' ? m.set(o.key, o.value, owner) : m.delete(o.key)), start);
        const earlier = apply(PersistentMap.empty<number>(), first, {});
        const earlierContents = JSON.stringify(earlier);
        const earlierSize = earlier.size;
        const copied = apply(earlier, second, null);
        const inPlace = apply(earlier, second, {});
        expect(JSON.stringify(inPlace)).toBe(JSON.stringify(copied));
        expect(inPlace.size).toBe(copied.size);
        expect(JSON.stringify(earlier)).toBe(earlierContents);
        expect(earlier.size).toBe(earlierSize);
      }),
    );
  });

  it('under one owner a second update changes the map it made itself instead of copying it', () => {
    const owner = {};
    const base = PersistentMap.of(Array.from({ length: 100 }, (_, i) => [`k${i}`, i] as const));
    const first = base.set('k1', -1, owner);
    const second = first.set('k2', -2, owner);
    expect(first).not.toBe(base);
    expect(second).toBe(first);
    expect(base.get('k1')).toBe(1);
    expect(second.get('k1')).toBe(-1);
    expect(second.get('k2')).toBe(-2);
    expect(base.set('k1', -1, null)).not.toBe(base.set('k1', -1, null));
  });

  it('diff reports exactly the keys added, removed or changed since an earlier version', () => {
    const opsArb = fc.array(op, { maxLength: 200 });
    fc.assert(
      fc.property(opsArb, opsArb, fc.boolean(), (first, second, inPlace) => {
        const apply = (start: PersistentMap<number>, ops: Op[], owner: object | null) =>
          ops.reduce((m, o) => (o.kind === 'set' ? m.set(o.key, o.value, owner) : m.delete(o.key)), start);
        const before = apply(PersistentMap.empty<number>(), first, {});
        const after = apply(before, second, inPlace ? {} : null);
        const reported = new Map<string, [number | undefined, number | undefined]>();
        after.diff(before, (key, value, previous) => {
          expect(reported.has(key)).toBe(false);
          reported.set(key, [previous, value]);
        });
        const expected = new Map<string, [number | undefined, number | undefined]>();
        for (const key of new Set([...before.entries().map(([k]) => k), ...after.entries().map(([k]) => k)])) {
          if (before.get(key) !== after.get(key)) expected.set(key, [before.get(key), after.get(key)]);
        }
        expect(new Map([...reported].sort())).toEqual(new Map([...expected].sort()));
      }),
    );
  });

  it('diff of a map against itself reports nothing, against a version one set apart only that key', () => {
    const base = PersistentMap.of(Array.from({ length: 5000 }, (_, i) => [`answer-${i}`, i] as const));
    const seen: string[] = [];
    base.diff(base, (key) => seen.push(key));
    base.set('answer-42', -1).diff(base, (key) => seen.push(key));
    expect(seen).toEqual(['answer-42']);
  });

  it('holds thousands of keys', () => {
    let map = PersistentMap.empty<number>();
    for (let i = 0; i < 5000; i++) map = map.set(`team-${i}`, i);
    expect(map.size).toBe(5000);
    expect(map.get('team-4321')).toBe(4321);
    const smaller = map.delete('team-4321');
    expect(smaller.get('team-4321')).toBeUndefined();
    expect(map.get('team-4321')).toBe(4321);
  });

  it('setting the same value returns the same map', () => {
    const map = PersistentMap.empty<number>().set('a', 1);
    expect(map.set('a', 1)).toBe(map);
    expect(map.update('missing', (v) => v + 1)).toBe(map);
  });
});
