/**
 * The web app's byte budgets (.size-limit.cjs): the compressed bytes of the player's first load (the
 * login page: index.html, its entry, every modulepreload, its CSS) and of what each screen loads beyond
 * it, measured by size-limit (@size-limit/file, brotli at quality 11, as the build precompresses) on
 * the production build in web/dist (built here when stale; CI builds before the tests). A change that
 * takes a figure over its budget fails here with the figure and the budget, and raising a budget is a
 * visible edit of .size-limit.cjs (docs/decisions/browser-bundle.md, "Byte budgets").
 */
import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface SizeLimitCheck {
  name: string;
  passed?: boolean;
  size?: number;
  sizeLimit?: number;
}

/** size-limit's own CLI (an ES module Jest's CommonJS cannot load in process), its JSON report. */
function sizeLimit(): Promise<SizeLimitCheck[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/size-limit/bin.js'), '--json'],
      { cwd: root },
      (error, stdout, stderr) => {
        // It exits 1 when a check is over its budget; the report on stdout says which.
        try {
          resolve(JSON.parse(stdout) as SizeLimitCheck[]);
        } catch {
          reject(new Error(`size-limit gave no report (${error?.message ?? 'no error'}):\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

const kB = (bytes: number | undefined) => `${((bytes ?? Number.NaN) / 1000).toFixed(1)} kB`;

describe('byte budgets of the web app', () => {
  it("keeps the player's first load and every screen within their compressed budgets", async () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-if-stale.js'), 'web'], {
      cwd: root,
      stdio: 'ignore',
    });
    const checks = await sizeLimit();

    const names = checks.map((check) => check.name);
    expect(names[0]).toMatch(/critical path/);
    expect(names).toEqual(
      expect.arrayContaining(['admin (/admin)', 'checker (/tester)', 'moderator: control (/moderator/control)']),
    );
    for (const check of checks) expect(check.size).toBeGreaterThan(0);

    const over = checks
      .filter((check) => check.passed !== true)
      .map((check) => `${check.name}: ${kB(check.size)} compressed, budget ${kB(check.sizeLimit)}`);
    expect(over).toEqual([]);
  });

  it("keeps the player's first load within its number of files (each one more a request on the phone)", () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-if-stale.js'), 'web'], {
      cwd: root,
      stdio: 'ignore',
    });
    const { criticalPathFiles } = createRequire(__filename)(path.join(root, '.size-limit.cjs')) as {
      criticalPathFiles(): { files: string[]; budget: number };
    };
    const { files, budget } = criticalPathFiles();
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect({
      files: files.length,
      over: files.length > budget ? files.map((file) => path.basename(file)) : [],
    }).toEqual({ files: expect.any(Number), over: [] });
  });
});
