import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const here = fileURLToPath(new URL('.', import.meta.url));
const atRoot = (folder: string) => fileURLToPath(new URL(`../${folder}`, import.meta.url));

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each script, style sheet and page of the
 * build, for the server to pick by Accept-Encoding (src/http/web-app.ts): the best compression,
 * done once per release instead of per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(here, 'dist');
      const files = Object.keys(bundle)
        .filter((name) => /\.(js|css|html|svg|json)$/.test(name) && !name.startsWith('.vite/'))
        .map((name) => path.join(dir, name));
      // zlib's asynchronous calls run on the thread pool: the files compress side by side.
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            gz(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * The modules the entry (web/src/main.tsx) imports statically, at any depth, outside node_modules: what
 * the first load runs anyway. Read from the module graph once it is built, for the chunk group below.
 */
function entryClosure(entry: string): { plugin: Plugin; has: (id: string) => boolean } {
  const closure = new Set<string>();
  return {
    has: (id) => closure.has(id),
    plugin: {
      name: 'entry-closure',
      apply: 'build',
      buildEnd() {
        closure.clear();
        if (!this.getModuleInfo(entry)) throw new Error(`entry-closure: ${entry} is not in the build`);
        const pending = [entry];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
            if (imported === entry || closure.has(imported) || /node_modules/.test(imported)) continue;
            closure.add(imported);
            pending.push(imported);
          }
        }
      },
    },
  };
}

const firstLoad = entryClosure(path.join(here, 'src', 'main.tsx'));

export default defineConfig({
  root: here,
  plugins: [react(), precompress(), firstLoad.plugin],
  // The engine and the wire contract, as web/tsconfig.json's paths name them (jest.config.js maps them too).
  resolve: { alias: { '@live': atRoot('projections/live'), '@wire': atRoot('wire') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay beside the build for reading a stack trace, but the bundles do not name them and the server never serves them (the sources would be public).
    sourcemap: 'hidden',
    // .vite/manifest.json: which chunks each screen loads, for the byte budgets (.size-limit.cjs); never served (a dot folder).
    manifest: true,
    rolldownOptions: {
      // Most of a build is the precompression at brotli's best quality, on purpose (once per release).
      checks: { bundlerTimings: false },
      output: {
        // What every screen needs and changes only with a dependency update: its own chunk, so an
        // app release does not make players download React again (docs/decisions/browser-bundle.md).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|wouter|regexparam|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // The app's part of the first load in one chunk: left to itself the bundler cut the modules
            // the screens share with the entry into six small files, each a request of its own on the
            // phone's first load (HTTP/1.1 opens six connections per host: the last ones waited).
            { name: 'app', test: firstLoad.has, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
