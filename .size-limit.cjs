// Byte budgets of the web app (size-limit with @size-limit/file: brotli at quality 11, as the build
// precompresses). Checked by test/web/bundle-budgets.test.ts inside `npm test`; by hand:
// `npm run build:web && npx size-limit`. Which files each check counts is read from the build
// (web/dist/index.html and Vite's web/dist/.vite/manifest.json), so a new chunk on a path is counted
// without touching this file. Budgets sit a little above the figures of the build that set them
// (docs/decisions/browser-bundle.md, "Byte budgets"): a change that needs more says so here, in review.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const DIST = 'web/dist';

/**
 * The player's first load (the login page): index.html, its entry script, every modulepreload and the
 * style sheets it names. Budget in kB of 1,000 bytes, compressed.
 */
const CRITICAL_PATH_BUDGET = '110 kB';

/**
 * Files the first load asks for besides index.html (scripts and style sheets): on the phone's HTTP/1.1
 * six connections are opened per host, and a seventh file waits for one of them (a round trip more).
 * Checked by test/web/bundle-budgets.test.ts, not by size-limit.
 */
const CRITICAL_PATH_FILES = 5;

/**
 * What opening a screen loads beyond the first load (its chunk and the chunks it imports that the
 * first load has not brought), compressed. Keyed by the screen's module as the manifest names it.
 */
const SCREEN_BUDGETS = {
  'src/player/IndexPage.tsx': { name: 'player: team and question (/, after the login)', limit: '28 kB' },
  'src/operator/admin/AdminPage.tsx': { name: 'admin (/admin)', limit: '36 kB' },
  'src/operator/admin/UserRolesPage.tsx': { name: 'users and roles (/admin/users)', limit: '22 kB' },
  'src/operator/moderator/ControlPage.tsx': { name: 'moderator: control (/moderator/control)', limit: '35 kB' },
  'src/operator/moderator/ModeratorPointsPage.tsx': { name: 'moderator: points (/moderator/points)', limit: '27 kB' },
  'src/operator/moderator/ConfigPage.tsx': { name: 'moderator: quiz config (/moderator/config)', limit: '13 kB' },
  'src/operator/moderator/PicViewerPage.tsx': {
    name: 'moderator: picture viewer (/moderator/picviewer)',
    limit: '13 kB',
  },
  'src/operator/tester/TesterPage.tsx': { name: 'checker (/tester)', limit: '29 kB' },
  'src/overlay/OverlayPage.tsx': { name: 'stream overlay (/overlay/<token>)', limit: '21 kB' },
  'src/operator/tester/regexRule.ts': {
    name: "checker's regex tool (re2js, loaded when the tool is shown)",
    limit: '52 kB',
  },
  'src/replay/ReplayPage.tsx': { name: 'replay and audit (/admin/replay)', limit: '75 kB' },
  'src/public/LegalPages.tsx': {
    name: 'Impressum and Datenschutz (/impressum, /datenschutz; the HTML sanitiser with them)',
    limit: '12 kB',
  },
};

/** Every other screen or part loaded on demand (a new screen is held to this until it has its own line). */
const OTHER_ON_DEMAND_BUDGET = '8 kB';

function criticalPath() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  return [path.join(DIST, 'index.html'), ...new Set(named.map((file) => path.join(DIST, file)))];
}

/** The chunk of a manifest entry and, transitively, the chunks and style sheets it imports statically. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function filesOf(manifest, keys) {
  const files = new Set();
  for (const key of keys) {
    const entry = manifest[key];
    files.add(path.join(DIST, entry.file));
    for (const css of entry.css ?? []) files.add(path.join(DIST, css));
  }
  return files;
}

/**
 * What is loaded already whenever this part is opened: the files every chunk that imports it on demand
 * has brought with it (a part opened from a screen costs only what that screen has not loaded).
 */
function loadedByEveryImporter(manifest, key) {
  const importers = Object.keys(manifest).filter((other) => (manifest[other].dynamicImports ?? []).includes(key));
  if (importers.length === 0) return new Set();
  const sets = importers.map((importer) => filesOf(manifest, closure(manifest, importer)));
  return new Set([...sets[0]].filter((file) => sets.every((set) => set.has(file))));
}

function checks() {
  const manifestFile = path.join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run "npm run build:web" first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const firstLoad = criticalPath();
  const loaded = new Set(firstLoad);
  const result = [
    {
      name: "player's critical path (login page: index.html, entry, modulepreloads, CSS)",
      path: firstLoad,
      limit: CRITICAL_PATH_BUDGET,
    },
  ];
  for (const [key, entry] of Object.entries(manifest)) {
    if (!entry.isDynamicEntry) continue;
    const before = loadedByEveryImporter(manifest, key);
    const own = [...filesOf(manifest, closure(manifest, key))].filter((file) => !loaded.has(file) && !before.has(file));
    const budget = SCREEN_BUDGETS[key] ?? { name: `on demand: ${key}`, limit: OTHER_ON_DEMAND_BUDGET };
    if (own.length === 0) continue; // all of it came with the first load, which is budgeted
    result.push({ name: budget.name, path: own, limit: budget.limit });
  }
  const missing = Object.keys(SCREEN_BUDGETS).filter((key) => !manifest[key]?.isDynamicEntry);
  if (missing.length > 0)
    throw new Error(
      `budgeted screens no longer loaded on demand (rename their keys in .size-limit.cjs): ${missing.join(', ')}`,
    );
  return result;
}

module.exports = checks();
module.exports.criticalPathFiles = () => ({ files: criticalPath().slice(1), budget: CRITICAL_PATH_FILES });
