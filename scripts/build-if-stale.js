// Builds the server or the web app when its output is missing or older than its sources (npm start, npm run start:dev).
const { execSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time of the files below the given paths (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      if (['node_modules', 'dist', 'recordings'].includes(path.basename(p))) return;
      for (const entry of readdirSync(p)) visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

function buildIfStale(name, output, sources, script) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built && built >= newest(sources)) return;
  console.log(`Baue ${name} ...`);
  execSync(`npm run --silent ${script}`, { cwd: root, stdio: 'inherit' });
}

const targets = {
  server: () => buildIfStale('Server', at('dist/src/main.js'),
    [at('src'), at('events'), at('projections'), at('tsconfig.json'), at('tsconfig.build.json'), at('package-lock.json')], 'build:server'),
  web: () => buildIfStale('Web-App', at('web/dist/index.html'),
    [at('web/src'), at('web/index.html'), at('web/vite.config.mts'), at('events'), at('projections/live'), at('package-lock.json')], 'build:web'),
};

module.exports = { root, at, targets };
