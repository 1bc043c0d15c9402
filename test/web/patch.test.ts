import { applyPatch, PatchError, parsePointer, type JsonValue } from '../../web/src/realtime/patch';

describe('RFC 6902 patch applier', () => {
  const doc: JsonValue = { a: { b: 1, list: [1, 2, 3] }, keep: { deep: true } };

  it('adds to objects and arrays, "-" appends', () => {
    const next = applyPatch(doc, [
      { op: 'add', path: '/a/c', value: 2 },
      { op: 'add', path: '/a/list/1', value: 9 },
      { op: 'add', path: '/a/list/-', value: 4 },
    ]);
    expect(next).toEqual({ a: { b: 1, c: 2, list: [1, 9, 2, 3, 4] }, keep: { deep: true } });
  });

  it('never changes the input and shares untouched branches', () => {
    const before = JSON.stringify(doc);
    const next = applyPatch(doc, [{ op: 'replace', path: '/a/b', value: 5 }]) as Record<string, JsonValue>;
    expect(JSON.stringify(doc)).toBe(before);
    expect(next.keep).toBe((doc as Record<string, JsonValue>).keep);
  });

  it('removes and replaces', () => {
    expect(
      applyPatch(doc, [
        { op: 'remove', path: '/a/list/0' },
        { op: 'replace', path: '/keep', value: null },
      ]),
    ).toEqual({ a: { b: 1, list: [2, 3] }, keep: null });
  });

  it('moves and copies', () => {
    expect(applyPatch(doc, [{ op: 'move', from: '/a/b', path: '/moved' }])).toEqual({
      a: { list: [1, 2, 3] },
      keep: { deep: true },
      moved: 1,
    });
    expect(applyPatch(doc, [{ op: 'copy', from: '/keep', path: '/a/copy' }])).toEqual({
      a: { b: 1, list: [1, 2, 3], copy: { deep: true } },
      keep: { deep: true },
    });
  });

  it('test passes on deep equality and fails otherwise', () => {
    expect(applyPatch(doc, [{ op: 'test', path: '/keep', value: { deep: true } }])).toBe(doc);
    expect(() => applyPatch(doc, [{ op: 'test', path: '/a/b', value: 2 }])).toThrow(PatchError);
  });

  it('replaces the whole document with the root pointer', () => {
    expect(applyPatch(doc, [{ op: 'replace', path: '', value: { x: 1 } }])).toEqual({ x: 1 });
  });

  it('unescapes ~1 and ~0 in pointers', () => {
    expect(parsePointer('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(applyPatch({ 'a/b': 1 }, [{ op: 'remove', path: '/a~1b' }])).toEqual({});
  });

  it('fails on a missing path or a bad index', () => {
    expect(() => applyPatch(doc, [{ op: 'remove', path: '/nope' }])).toThrow(PatchError);
    expect(() => applyPatch(doc, [{ op: 'replace', path: '/a/list/7', value: 1 }])).toThrow(PatchError);
    expect(() => applyPatch(doc, [{ op: 'add', path: '/missing/child', value: 1 }])).toThrow(PatchError);
  });
});
