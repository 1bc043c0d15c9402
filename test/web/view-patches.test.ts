/**
 * The server's view patches (src/realtime/view-diff.ts) as the clients apply them (web/src/realtime/patch.ts):
 * for any two JSON documents the patch turns the first into the second. Applied by the clients' own
 * patcher, a key such as `__proto__` is a plain key, as JSON.parse makes it (fast-json-patch, the
 * reference this test used before, refuses prototype keys and failed CI on such a draw).
 */
import fc from 'fast-check';
import { diffViews } from '../../src/realtime/view-diff';
import { applyPatch, type JsonValue, type PatchOperation } from '../../web/src/realtime/patch';

const apply = (before: unknown, patch: ReturnType<typeof diffViews>) =>
  applyPatch(before as JsonValue, patch as PatchOperation[]);

describe('view patches, as the clients apply them', () => {
  it('for any two JSON documents the patch turns the first into the second', () => {
    const entry = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e'), text: fc.string({ maxLength: 3 }) });
    const entries = fc.uniqueArray(entry, { selector: (e) => e.id, maxLength: 5 });
    const doc = fc.record(
      {
        list: entries,
        other: fc.jsonValue({ maxDepth: 2 }),
        toString: fc.option(fc.string()),
        'we/ird~key': fc.option(fc.integer()),
        nested: fc.record({ list: entries, n: fc.integer() }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(doc, doc, (before, after) => {
        const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown; // -0 is 0 on the wire
        expect(json(apply(before, diffViews(before, after)))).toEqual(json(after));
      }),
      { numRuns: 2_000 },
    );
  });
});
