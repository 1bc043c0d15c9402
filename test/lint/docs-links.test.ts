/**
 * The docs stand alone: every decision file is in the decisions index, every relative link in the
 * README and docs/ points at a file of the repository (none beside it, such as ../shared), and every
 * path they name exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const decisions = path.join(root, 'docs/decisions');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

/** Relative link targets of a markdown text (no scheme, no anchor-only links), without their anchors. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);
}

const TOP_FOLDERS = 'src|web|events|projections|wire|test|docs|scripts|deploy|examples|\\.ci';

/**
 * Repository paths a text names: files with an extension (src/http/web-app.ts), `.ci/run`, and folders
 * named in backticks (`projections/live/`). Patterns and placeholders (`night-<id>`, `*.ts`, `{a,b}`, `…`)
 * are not paths; a `:line` or `#anchor` suffix is dropped.
 */
function namedPaths(text: string): string[] {
  const files = [
    ...text.matchAll(
      new RegExp(`(?<![\\w./<*{-])((?:${TOP_FOLDERS})/[\\w./-]*\\.[a-z]+|\\.ci/run)(?![\\w/<*{}-])`, 'g'),
    ),
  ].map((m) => m[1]!);
  const folders = [...text.matchAll(new RegExp(`\`((?:${TOP_FOLDERS})/[\\w./-]*/)\``, 'g'))].map((m) => m[1]!);
  return [...files, ...folders].map((p) => p.replace(/\.$/, ''));
}

/** What a build writes (absent in a fresh checkout): named by the docs, not checked. */
const BUILD_OUTPUTS = /^(web\/)?dist\//;

describe('the docs', () => {
  it('list every decision file in the decisions index', () => {
    const index = readFileSync(path.join(decisions, 'README.md'), 'utf8');
    const unlisted = readdirSync(decisions).filter(
      (name) => name.endsWith('.md') && name !== 'README.md' && !index.includes(`](${name})`),
    );
    expect(unlisted).toEqual([]);
  });

  it('link only to files inside the repository', () => {
    const broken: string[] = [];
    for (const file of [
      path.join(root, 'README.md'),
      path.join(root, 'CHANGELOG.md'),
      ...markdownFiles(path.join(root, 'docs')),
    ]) {
      for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
        const resolved = path.resolve(path.dirname(file), target);
        if (!resolved.startsWith(root + path.sep) || !existsSync(resolved))
          broken.push(`${path.relative(root, file)} -> ${target}`);
      }
      if (readFileSync(file, 'utf8').includes('../shared')) broken.push(`${path.relative(root, file)} names ../shared`);
    }
    expect(broken).toEqual([]);
  });

  it('name only paths that exist', () => {
    const missing: string[] = [];
    for (const file of [
      path.join(root, 'README.md'),
      path.join(root, 'CHANGELOG.md'),
      ...markdownFiles(path.join(root, 'docs')),
    ]) {
      for (const named of namedPaths(readFileSync(file, 'utf8'))) {
        if (!BUILD_OUTPUTS.test(named) && !existsSync(path.join(root, named)))
          missing.push(`${path.relative(root, file)} -> ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
