/**
 * Every German sentence is written once (docs/decisions/layers-and-texts.md): a text the server and
 * the web app both show lives in wire/, a rule's text beside its rule, and everybody else imports it.
 * This test reads the string literals (and template literals, placeholders included) of the product's
 * code and fails on any German sentence of 20 characters or more that is written in two places,
 * listing them; and on two text tables exported under one name. Tests and docs may repeat texts:
 * they assert them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const FOLDERS = ['events', 'projections', 'wire', 'src', 'web/src'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Words that mark a sentence as German (with an umlaut or ß, any text with a space is). */
const GERMAN_WORDS = new Set([
  'der',
  'die',
  'das',
  'den',
  'dem',
  'des',
  'ein',
  'eine',
  'einen',
  'einer',
  'und',
  'oder',
  'nicht',
  'kein',
  'keine',
  'ist',
  'sind',
  'wird',
  'wurde',
  'kann',
  'konnte',
  'du',
  'dein',
  'deine',
  'dich',
  'dir',
  'euer',
  'bitte',
  'es',
  'zu',
  'mit',
  'noch',
  'nur',
  'gibt',
  'hat',
  'haben',
  'bei',
  'auf',
  'von',
  'im',
  'ein',
  'gerade',
  'diese',
  'dieser',
  'diesen',
]);

/** Whether a literal reads as a German sentence of at least 20 characters. */
export function isGermanSentence(text: string): boolean {
  if (text.length < 20 || !/\s/.test(text.trim())) return false;
  if (/[äöüÄÖÜß]/.test(text)) return true;
  const words = text.toLowerCase().split(/[^a-zäöüß]+/);
  return words.filter((w) => GERMAN_WORDS.has(w)).length >= 2;
}

/** The German sentences of one source file with their line numbers. */
export function germanSentencesOf(file: string, source: string): Array<{ text: string; at: string }> {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Array<{ text: string; at: string }> = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.getText(sf).slice(1, -1);
    else if (ts.isJsxText(node)) text = node.text.trim().replace(/\s+/g, ' ');
    if (text !== null && isGermanSentence(text)) {
      found.push({ text, at: `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}` });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Each German sentence written more than once, with the places, as one line per sentence. */
export function sentencesWrittenTwice(sources: ReadonlyMap<string, string>): string[] {
  const places = new Map<string, string[]>();
  for (const [file, source] of sources) {
    for (const { text, at } of germanSentencesOf(file, source)) places.set(text, [...(places.get(text) ?? []), at]);
  }
  return [...places]
    .filter(([, at]) => at.length > 1)
    .map(([text, at]) => `"${text}" is written in ${at.join(', ')}`)
    .sort();
}

/** Exported text tables (`..._TEXTS`) whose name two files use, with the files. */
export function textTablesNamedTwice(sources: ReadonlyMap<string, string>): string[] {
  const files = new Map<string, string[]>();
  for (const [file, source] of sources) {
    for (const [, name] of source.matchAll(/^export const (\w*TEXTS)\b/gm))
      files.set(name, [...(files.get(name) ?? []), file]);
  }
  return [...files]
    .filter(([, at]) => at.length > 1)
    .map(([name, at]) => `${name} is exported by ${at.join(', ')}`)
    .sort();
}

describe('German texts are written once', () => {
  it('given the code of events/, projections/, wire/, src/ and web/src/, then no German sentence is written twice', () => {
    const sources = new Map(
      FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder))).map(
        (file) => [path.relative(root, file).split(path.sep).join('/'), readFileSync(file, 'utf8')] as const,
      ),
    );
    expect(sources.size).toBeGreaterThan(300);
    expect(sentencesWrittenTwice(sources)).toEqual([]);
    expect(textTablesNamedTwice(sources)).toEqual([]);
  });

  it('given two files exporting text tables of one name, then both are named', () => {
    const sources = new Map([
      ['src/a.ts', "export const LIMIT_TEXTS = { a: 'x' };"],
      ['src/b.ts', "export const LIMIT_TEXTS = { b: 'y' };\nexport const OTHER_TEXTS = {};"],
    ]);
    expect(textTablesNamedTwice(sources)).toEqual(['LIMIT_TEXTS is exported by src/a.ts, src/b.ts']);
  });

  it('given a sentence written in two files (one in a template), then both places are named', () => {
    const sources = new Map([
      ['src/a.ts', "export const A = 'Bitte warte einen Moment.';\nexport const S = 'short text';"],
      [
        'web/src/b.tsx',
        'export const B = `Bitte warte einen Moment.`;\nexport const C = () => <p>Das ist ein anderer Satz hier.</p>;',
      ],
      [
        'wire/c.ts',
        'export const T = (n: number) => `Bitte warte noch ${n} Sekunden.`;\nexport const U = (n: number) => `Bitte warte noch ${n} Sekunden.`;',
      ],
      [
        'src/d.ts',
        "export const en = 'This is an English sentence.';\nexport const en2 = 'This is an English sentence.';",
      ],
    ]);
    expect(sentencesWrittenTwice(sources)).toEqual([
      '"Bitte warte einen Moment." is written in src/a.ts:1, web/src/b.tsx:1',
      '"Bitte warte noch ${n} Sekunden." is written in wire/c.ts:1, wire/c.ts:2',
    ]);
  });
});
