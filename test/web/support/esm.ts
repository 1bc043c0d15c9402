/**
 * Loads an ESM-only package (wouter) as CommonJS inside jest: the package's own files are compiled
 * with SWC (the transform the project's jest config uses), everything else (react, regexparam) comes from
 * jest's module registry, so the app and the router share one React. The real package runs; nothing is faked.
 */
import { transformFileSync } from '@swc/core';
import Module from 'node:module';
import path from 'node:path';

type Loader = (id: string) => unknown;

interface CompilableModule {
  exports: unknown;
  filename: string;
  paths: string[];
  require: Loader;
  _compile(code: string, filename: string): void;
}

interface ModuleStatics {
  new (id: string): CompilableModule;
  _nodeModulePaths(from: string): string[];
}

export function requireEsmPackage(entry: string, outerRequire: Loader): unknown {
  const root = path.dirname(entry);
  const cache = new Map<string, unknown>();
  const load = (file: string): unknown => {
    if (cache.has(file)) return cache.get(file);
    const ModuleClass = Module as unknown as ModuleStatics;
    const mod = new ModuleClass(file);
    mod.filename = file;
    mod.paths = ModuleClass._nodeModulePaths(path.dirname(file));
    mod.require = (id: string) => (id.startsWith('.') ? load(path.resolve(path.dirname(file), id)) : outerRequire(id));
    cache.set(file, mod.exports);
    const { code } = transformFileSync(file, { module: { type: 'commonjs' }, jsc: { target: 'es2022' }, swcrc: false });
    mod._compile(code, file);
    cache.set(file, mod.exports);
    return mod.exports;
  };
  return load(path.resolve(root, path.basename(entry)));
}
