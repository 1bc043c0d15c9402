/** The ids the EventStoreDB adapter remembers for its idempotency check: in memory, no server needed. */
import { KnownStreams } from '../../src/store/eventstoredb/known-streams';

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `E-${from + i}`, revision: from + i }));

describe('KnownStreams', () => {
  it('given events read of a stream, then their ids are known by lower case, and the head is the last revision', () => {
    const known = new KnownStreams();
    const entry = known.touch('team-1');
    known.add('team-1', entry, ids(3));
    expect(entry.revision).toBe(2);
    expect(entry.events.get('e-1')).toEqual({ revision: 1, position: undefined });
  });

  it('given an append at the known head, when it is remembered, then its last event carries the position', () => {
    const known = new KnownStreams();
    known.add('team-1', known.touch('team-1'), ids(2));
    known.remember('team-1', [{ id: 'E-2' }, { id: 'E-3' }], 3, 900);
    expect(known.position('team-1', 3)).toBe(900);
    expect(known.position('team-1', 2)).toBeUndefined();
  });

  it('given an append on a head this process did not know, when it is remembered, then nothing is added', () => {
    const known = new KnownStreams();
    const entry = known.touch('team-1');
    known.remember('team-1', [{ id: 'E-5' }], 5, 900);
    expect(entry.revision).toBe(-1);
  });

  it('given overlapping reads, then revisions already known are skipped', () => {
    const known = new KnownStreams();
    const entry = known.touch('team-1');
    known.add('team-1', entry, ids(3));
    known.add('team-1', entry, ids(3, 1));
    expect(entry.revision).toBe(3);
    expect(entry.events.size).toBe(4);
  });

  it('given more ids than the bound, then the least recently used streams are forgotten, never the one kept', () => {
    const known = new KnownStreams(4);
    known.add('a', known.touch('a'), ids(3));
    known.add('b', known.touch('b'), ids(3));
    known.touch('a'); // a is now the most recently used
    known.add('c', known.touch('c'), ids(2));
    known.evict('c');
    expect(known.touch('b').revision).toBe(-1); // forgotten: read again from the start
    expect(known.touch('c').revision).toBe(1);
  });
});
