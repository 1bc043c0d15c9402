#!/usr/bin/env node
// The package mirror this project installs from lacks some optional, foreign-platform builds (for
// example @swc/core-darwin-arm64). npm then leaves them out of package-lock.json, and `npm ci` refuses
// the lock as "out of sync". This adds the missing optional entries (never installed on this
// platform) so `npm ci` accepts the lock. Run it after changing dependencies: `node scripts/complete-lockfile.js`.
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    if (!/^\d+\.\d+\.\d+/.test(spec)) continue; // only exact pins, as platform builds are
    packages[`node_modules/${name}`] = { version: spec, ...(entry.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}

fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional foreign-platform entries`);
