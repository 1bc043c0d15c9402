/**
 * The project's import graph, read the way TypeScript reads it: every TypeScript file of the project
 * (type-only imports count too), with its relative and aliased imports resolved to files. The lint
 * tests on cycles (import-cycles.test.ts) and on the layer order (layer-order.test.ts) read it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const FOLDERS = ['events', 'projections', 'wire', 'src', 'web/src', 'test', 'scripts'];
const SKIP = new Set(['node_modules', 'dist']);
/** The web app's aliases (web/tsconfig.json, web/vite.config.mts, jest.config.js). */
const ALIASES: Record<string, string> = { '@live': 'projections/live', '@wire': 'wire' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const toPosix = (file: string) => file.split(path.sep).join('/');

/** The project file an import names (root-relative), or null for a package or an unknown file. */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  let base: string;
  const alias = Object.keys(ALIASES).find((a) => specifier === a || specifier.startsWith(a + '/'));
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  base = path.posix.normalize(base).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** Each file with the project files it imports (static and dynamic imports, re-exports). */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const { importedFiles } = ts.preProcessFile(source, true, true);
    const targets = importedFiles
      .map((i) => resolveImport(file, i.fileName, files))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Every TypeScript file of the project (root-relative, POSIX separators) with its source. */
export function projectSources(): Map<string, string> {
  return new Map(
    FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder))).map(
      (file) => [toPosix(path.relative(root, file)), readFileSync(file, 'utf8')] as const,
    ),
  );
}
