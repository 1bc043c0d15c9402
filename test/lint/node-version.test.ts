/**
 * One Node line: .nvmrc names the major that the Docker image runs and CI tests on (.ci/run reads it),
 * the Node types describe that major, and engines admits it (see docs/decisions/node-version.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** semver comes with npm's tooling (ESLint, Jest): no package added for one test. */
const semver = createRequire(__filename)('semver') as { satisfies(version: string, range: string): boolean };

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const major = read('.nvmrc').trim().replace(/^v/, '');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };

describe('the Node version line', () => {
  it('.nvmrc names a major', () => {
    expect(major).toMatch(/^\d+$/);
  });

  it('the Docker image runs that major in both stages', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain(`ARG NODE_MAJOR=${major}\n`);
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases).toEqual(['node:${NODE_MAJOR}-trixie-slim', 'node:${NODE_MAJOR}-trixie-slim']);
  });

  it('CI reads it', () => {
    expect(read('.ci/run')).toContain('< .nvmrc');
  });

  it('the Node types are of that major, and engines admits it', () => {
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^${major}\\.`));
    expect(semver.satisfies(`${major}.0.0`, pkg.engines.node)).toBe(true);
  });
});
