/**
 * No import cycles anywhere: a module that reaches itself through its imports has no order in which
 * it can be read alone, and a cycle tends to grow. This test reads the project's import graph
 * (import-graph.ts) and fails on every strongly connected group of more than one file (or a file
 * that imports itself).
 */
import { cyclesOf, importGraph, projectSources } from './import-graph';

describe('no import cycles', () => {
  it('given every TypeScript file of the project, then no file reaches itself through its imports', () => {
    const graph = importGraph(projectSources());
    expect(graph.size).toBeGreaterThan(300);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('given files that import each other (also through a type import, an alias or an index), then the cycle is found', () => {
    const sources = new Map([
      ['projections/live/views/a.ts', "import type { B } from './b';\nexport type A = B;"],
      ['projections/live/views/b.ts', "import { c } from '../c';\nexport type B = string;"],
      ['projections/live/c/index.ts', "export { a } from '@live/views/a';"],
      ['web/src/one.ts', "import './one';"],
      ['web/src/fine.ts', "import { x } from 'some-package';\nimport { c } from '@live/c';"],
    ]);
    expect(cyclesOf(importGraph(sources))).toEqual([
      ['projections/live/c/index.ts', 'projections/live/views/a.ts', 'projections/live/views/b.ts'],
      ['web/src/one.ts'],
    ]);
  });
});
