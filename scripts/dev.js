#!/usr/bin/env node
// `npm run start:dev`: the server in watch mode. tsc --watch compiles every change into dist/, and
// node --watch restarts the server when its compiled files change. The web app is built once when
// stale; for hot reload of the web app run `npm run dev:web` beside it (Vite, proxying /api and /ws here).
const { spawn } = require('node:child_process');
const { at, root, targets } = require('./build-if-stale');

targets.web();

const children = [];
const run = (command, args, options = {}) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  children.push(child);
  child.on('exit', (code) => stop(code ?? 1));
  return child;
};
const stop = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

// The server starts once the first compilation is through, so it does not restart at once.
const compiler = run(process.execPath, [at('node_modules/@typescript/native/bin/tsc'), '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverStarted = false;
compiler.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!serverStarted && /Watching for file changes/.test(String(chunk))) {
    serverStarted = true;
    run(process.execPath, ['--watch', '--watch-preserve-output', at('dist/src/main.js')], { cwd: process.cwd() });
  }
});
