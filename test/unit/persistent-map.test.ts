import fc from 'fast-check';
import { PersistentMap } from '../../projections/live';

type Op = { kind: 'set'; key: string; value: number } | { kind: 'delete'; key: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.string({ maxLength: 3 }), value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.string({ maxLength: 3 }) }),
);

describe('PersistentMap', () => {
  it('behaves like a Map and never changes an older version', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
      let map = PersistentMap.empty<number>();
      const model = new Map<string, number>();
      const versions: [PersistentMap<number>, Map<string, number>][] = [];
      for (const o of ops) {
        if (o.kind === 'set') { map = map.set(o.key, o.value); model.set(o.key, o.value); } else { map = map.delete(o.key); model.delete(o.key); }
        versions.push([map, new Map(model)]);
      }
      for (const [m, expected] of versions) {
        expect(m.size).toBe(expected.size);
        expect(m.toObject()).toEqual(Object.fromEntries([...expected].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
        for (const [k, v] of expected) expect(m.get(k)).toBe(v);
      }
    }));
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
