/**
 * The production build (`npm run build`: nest build with tsconfig.build.json) compiles the server and
 * nothing of test/: no test, bench or fuzz code ships in dist/ (docs/decisions/doors.md). The benches
 * compile on their own with tsconfig.bench.json into dist-bench/.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** The project's files a tsconfig compiles, root-relative (the compiler's own list, without node_modules). */
function compiledBy(tsconfig: string): string[] {
  const listed = execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', tsconfig, '--listFilesOnly'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file !== '' && !file.includes('/node_modules/'))
    .map((file) => path.relative(root, file));
}

describe('the production build', () => {
  it('given tsconfig.build.json, then it compiles src/, events/, projections/ and wire/ only', () => {
    const files = compiledBy('tsconfig.build.json');
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => !/^(src|events|projections|wire)\//.test(file))).toEqual([]);
  });

  it('given tsconfig.bench.json, then the benches and the fuzzer are in it, no test file', () => {
    const files = compiledBy('tsconfig.bench.json');
    expect(files).toEqual(expect.arrayContaining(['test/bench/ws.bench.ts', 'test/fuzz/fuzz-cli.ts', 'src/main.ts']));
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
  });
});
