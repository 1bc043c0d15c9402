#!/usr/bin/env node
// Writes test/support/slow-suites.txt (the order of a test run without Jest's cache, see
// test/support/slow-first-sequencer.js) from the results `.ci/run` leaves in .tmp/:
// node scripts/slow-suites.js .tmp/jest-embedded.json .tmp/jest-postgres.json
// Each test file that took 10 s or more in any of them, with the longest time seen, slowest first.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const MIN_SECONDS = 10;

const longest = new Map();
for (const file of process.argv.slice(2)) {
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults) {
    const name = path.relative(root, suite.name).split(path.sep).join('/');
    const seconds = Math.round((suite.endTime - suite.startTime) / 1000);
    longest.set(name, Math.max(seconds, longest.get(name) ?? 0));
  }
}
const lines = [...longest]
  .filter(([, seconds]) => seconds >= MIN_SECONDS)
  .sort(([a, sa], [b, sb]) => sb - sa || a.localeCompare(b))
  .map(([name, seconds]) => `${seconds} ${name}`);
const header = [
  '# Seconds a test file took on a two-core CI machine (the longest of the embedded and the Postgres run),',
  '# slowest first: without a Jest cache, test/support/slow-first-sequencer.js starts these files first.',
  '# Written by `node scripts/slow-suites.js .tmp/jest-embedded.json .tmp/jest-postgres.json` after .ci/run.',
];
writeFileSync(path.join(root, 'test/support/slow-suites.txt'), `${[...header, ...lines].join('\n')}\n`);
console.log(`test/support/slow-suites.txt: ${lines.length} files`);
