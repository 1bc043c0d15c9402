// Builds the server or the web app when its output is missing or older than its sources: npm start (both), npm run
// start:dev and start:debug (the web app), and `node scripts/build-if-stale.js server` before the console tools (npm run user, night, asyncapi, events:catalogue).
// Never rebuilds a fresh build: a rebuild rewrites dist/ file by file, and a server starting meanwhile
// would load half-written modules.
const { execSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
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

/** One build at a time across processes (test workers, servers, console tools starting at once). */
const LOCK = at('.tmp', 'build.lock');
const LOCK_WAIT_MS = 10 * 60_000;

/** The lock's holder has died (killed mid-build): its lock may be taken over. */
function lockAbandoned() {
  try {
    process.kill(Number(readFileSync(path.join(LOCK, 'pid'), 'utf8')), 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH'; // ENOENT: the holder is still writing its pid
  }
}

function withBuildLock(work) {
  const deadline = Date.now() + LOCK_WAIT_MS;
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (lockAbandoned()) rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${LOCK} still held after ${LOCK_WAIT_MS} ms`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function buildIfStale(name, output, sources, script) {
  withBuildLock(() => buildUnderLock(name, output, sources, script));
}

function buildUnderLock(name, output, sources, script) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built && built >= newest(sources)) return;
  // On stderr: a console tool's standard output stays its own (night export writes the night there).
  // One line per build: the compilers' own output (Vite's chunk list) only when the build fails.
  process.stderr.write(`Baue ${name} ... `);
  const started = Date.now();
  try {
    // Always the production build: a Jest run (NODE_ENV=test) that builds a stale web app here would
    // otherwise leave React's development build in web/dist for the next `npm start` to serve.
    execSync(`npm run --silent ${script}`, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    process.stderr.write('fehlgeschlagen:\n');
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    throw error;
  }
  process.stderr.write(`fertig (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}

const targets = {
  server: () =>
    buildIfStale(
      'Server',
      at('dist/src/main.js'),
      [
        at('src'),
        at('events'),
        at('projections'),
        at('wire'),
        at('tsconfig.json'),
        at('tsconfig.build.json'),
        at('nest-cli.json'),
        at('package-lock.json'),
      ],
      'build:server',
    ),
  web: () =>
    buildIfStale(
      'Web-App',
      at('web/dist/index.html'),
      [
        at('web/src'),
        at('web/index.html'),
        at('web/vite.config.mts'),
        at('events'),
        at('projections/live'),
        at('wire'),
        at('package-lock.json'),
      ],
      'build:web',
    ),
};

module.exports = { root, at, targets };

if (require.main === module) {
  for (const name of process.argv.slice(2)) {
    if (!(name in targets)) throw new Error(`build-if-stale: unknown target ${name} (server, web)`);
    targets[name]();
  }
}
