/**
 * The layers the imports keep (ARCHITECTURE.md rule 13, docs/decisions/layers-and-texts.md). Inside
 * the pure engine: state <- rules <- evolve <- views; between the folders: events <- projections/live
 * <- wire <- the read projections, the server and the web app; inside the server (docs/decisions/doors.md):
 * base (config, texts, the injection tokens, the command table) <- store <- services <- edges (socket, HTTP) <- the
 * composition root. A file imports its own layer and the layers named in its `may`, nothing above:
 * this test reads the import graph (import-graph.ts, type imports too) and names every import against
 * the order. test/ and scripts/ may import anything.
 */
import { importGraph, projectSources } from './import-graph';

interface Layer {
  readonly name: string;
  /** A folder (ending in /) or one file, root-relative. */
  readonly path: string;
  readonly may: readonly string[];
}

const ENGINE = ['state', 'rules', 'evolve', 'views'];
/** What every part of the server may import from outside src/. */
const BELOW_SERVER = ['events', ...ENGINE, 'engine index', 'wire', 'read projections'];
const SERVER_BASE = ['src/config.ts', 'src/edge-texts.ts', 'src/version.ts', 'src/tokens.ts', 'src/commands/'];
const SERVER_STORE = ['src/store/'];
const SERVER_SERVICES = [
  'src/engine/',
  'src/limits/',
  'src/uploads/',
  'src/auth/',
  'src/teams/',
  'src/identity/',
  'src/mail/',
  'src/queries/',
  'src/replay/',
  'src/observability/',
];
const SERVER_EDGES = ['src/realtime/', 'src/http/', 'src/health/', 'src/docs/'];
const SERVER_ROOT = ['src/runtime.ts', 'src/app.module.ts', 'src/server.ts', 'src/main.ts'];
const serverLayer = (name: string, paths: readonly string[], may: readonly string[]): Layer[] =>
  paths.map((path) => ({ name, path, may: [...BELOW_SERVER, ...may] }));

/** The layers, most specific path first. */
export const LAYERS: readonly Layer[] = [
  { name: 'events', path: 'events/', may: [] },
  { name: 'state', path: 'projections/live/state/', may: ['events'] },
  { name: 'rules', path: 'projections/live/rules/', may: ['events', 'state'] },
  { name: 'evolve', path: 'projections/live/evolve/', may: ['events', 'state', 'rules'] },
  { name: 'views', path: 'projections/live/views/', may: ['events', 'state', 'rules', 'evolve'] },
  { name: 'engine index', path: 'projections/live/index.ts', may: ['events', ...ENGINE] },
  { name: 'wire', path: 'wire/', may: ['events', ...ENGINE, 'engine index'] },
  { name: 'read projections', path: 'projections/read/', may: ['events', ...ENGINE, 'engine index', 'wire'] },
  ...serverLayer('server base', SERVER_BASE, []),
  ...serverLayer('server store', SERVER_STORE, ['server base']),
  ...serverLayer('server services', SERVER_SERVICES, ['server base', 'server store']),
  ...serverLayer('server edges', SERVER_EDGES, ['server base', 'server store', 'server services']),
  ...serverLayer('server root', SERVER_ROOT, ['server base', 'server store', 'server services', 'server edges']),
  { name: 'web app', path: 'web/src/', may: ['events', ...ENGINE, 'engine index', 'wire'] },
];

function layerOf(file: string): Layer | undefined {
  return LAYERS.find((l) => (l.path.endsWith('/') ? file.startsWith(l.path) : file === l.path));
}

/** Every import against the layer order, as a sentence naming both files and both layers. */
export function importsAgainstLayers(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = layerOf(target);
      if (!to || to.name === from.name || from.may.includes(to.name)) continue;
      const allowed = from.may.length > 0 ? from.may.join(', ') : 'nothing of the project';
      found.push(`${file} imports ${target}: ${from.name} may import only itself and ${allowed}, not ${to.name}`);
    }
  }
  return found.sort();
}

describe('layer order', () => {
  it('given every TypeScript file of the project, then no import points up or sideways across the layers', () => {
    const graph = importGraph(projectSources());
    expect(graph.size).toBeGreaterThan(300);
    expect(importsAgainstLayers(graph)).toEqual([]);
  });

  it('given every file of src/, then each is in one of the server layers', () => {
    const unplaced = [...projectSources().keys()].filter(
      (file) => file.startsWith('src/') && !layerOf(file)?.name.startsWith('server '),
    );
    expect(unplaced).toEqual([]);
  });

  it('given a state file importing a rule, a rule importing wire/ and the web app importing the server, then each is named', () => {
    const sources = new Map([
      ['projections/live/state/state.ts', "import type { R } from '../rules/ratings';"],
      [
        'projections/live/rules/ratings.ts',
        "import { textOf } from '../../../wire/readers';\nimport type { S } from '../state/state';",
      ],
      ['wire/readers.ts', "import type { V } from '@live/views/views';"],
      ['projections/live/views/views.ts', "import { evolve } from '../evolve/evolve';"],
      ['projections/live/evolve/evolve.ts', "import type { S } from '../state/state';"],
      ['src/main.ts', "import { textOf } from '../wire/readers';"],
      ['src/engine/engine.ts', "import type { Runtime } from '../runtime';"],
      ['src/runtime.ts', "import { Engine } from './engine/engine';"],
      ['web/src/app.ts', "import { main } from '../../src/main';\nimport { textOf } from '@wire/readers';"],
    ]);
    expect(importsAgainstLayers(importGraph(sources))).toEqual([
      'projections/live/rules/ratings.ts imports wire/readers.ts: rules may import only itself and events, state, not wire',
      'projections/live/state/state.ts imports projections/live/rules/ratings.ts: state may import only itself and events, not rules',
      'src/engine/engine.ts imports src/runtime.ts: server services may import only itself and events, state, rules, evolve, views, engine index, wire, read projections, server base, server store, not server root',
      'web/src/app.ts imports src/main.ts: web app may import only itself and events, state, rules, evolve, views, engine index, wire, not server root',
    ]);
  });
});
