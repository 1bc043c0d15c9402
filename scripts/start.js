#!/usr/bin/env node
// `npm start`: builds server and web app when their output is missing or older than the sources, then runs the server.
const { spawn } = require('node:child_process');
const { at, targets } = require('./build-if-stale');

targets.server();
targets.web();

const server = spawn(process.execPath, [at('dist/src/main.js')], { cwd: process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
