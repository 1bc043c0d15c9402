/**
 * The release people can follow (issue 44): package.json says 1.x, CHANGELOG.md has its entry (Keep a
 * Changelog) with upgrade notes, and every CLI answers `--version` with it, without opening a store.
 * (GET /api/health and GET /api/about say it too: test/e2e/health.test.ts, test/e2e/public-url.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuiltServer } from './support/app-process';

const root = path.resolve(__dirname, '../..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

describe('the release', () => {
  beforeAll(() => ensureBuiltServer(), 300_000);

  it('is 1.x, in package.json and the lock alike, and CHANGELOG.md has its entry with upgrade notes', () => {
    expect(version).toMatch(/^1\.\d+\.\d+$/);
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      version: string;
      packages: Record<string, { version: string }>;
    };
    expect([lock.version, lock.packages['']!.version]).toEqual([version, version]);
    const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    const entry = changelog.slice(changelog.indexOf(`## [${version}] - `));
    expect(entry).toMatch(new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d\\d-\\d\\d`));
    expect(entry.slice(0, entry.indexOf('\n## ['))).toMatch(/### Upgrading/);
  });

  it.each(['dist/src/identity/user-cli.js', 'dist/src/replay/night-cli.js', 'dist/src/replay/rebuild-projections.js'])(
    '%s --version prints it',
    (cli) => {
      // An unreachable database: --version must answer before anything opens one.
      const output = execFileSync(process.execPath, [path.join(root, cli), '--version'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
          DATA_DIR: '/nonexistent',
        },
        encoding: 'utf8',
      });
      expect(output.trim()).toBe(version);
    },
  );
});
