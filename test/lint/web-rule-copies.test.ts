/**
 * One rule, one place: the web app imports the rules of the engine (projections/live, events/) and the
 * wire contract (wire/), and never writes its own copy. This test reads web/src and fails on the
 * tell-tale signs of a copy:
 * a declaration named like an engine export, a string constant of a rule written out, a limit
 * number in a length or size check, or a rule's list literal.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as events from '../../events';
import * as live from '../../projections/live';
import * as wire from '../../wire';

const root = path.resolve(__dirname, '../..');

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, ext);
    return ext.test(name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file);
const webFiles = filesUnder(path.join(root, 'web/src'), /\.tsx?$/).map((file) => ({
  file: relative(file),
  source: readFileSync(file, 'utf8'),
}));
const engineFiles = ['projections/live', 'events', 'wire'].flatMap((folder) =>
  filesUnder(path.join(root, folder), /\.ts$/),
);

/** Every name the engine exports (values, functions, types and interfaces), with the file that declares it. */
function engineExports(): Map<string, string> {
  const names = new Map<string, string>();
  const declaration =
    /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:const|let|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  for (const file of engineFiles) {
    for (const match of readFileSync(file, 'utf8').matchAll(declaration)) names.set(match[1], relative(file));
  }
  return names;
}

/**
 * Web names that equal an engine export but mean something else, each with its reason. Keep this
 * list short: a new entry needs a reason a reviewer accepts.
 */
const SAME_NAME_OTHER_MEANING: Record<string, string> = {
  Views: "the client's holder of every scope's view (null until sent), not the engine's per-viewer result",
  initialState: "a Redux slice's initial state (the Redux idiom), not the engine's LiveState",
};

/** String literals the web may write although a rule constant has the same text. */
const SAME_TEXT_OTHER_MEANING: ReadonlyArray<{ file: string; text: string; why: string }> = [
  {
    file: 'web/src/texts/operator.ts',
    text: 'Seitenstechen',
    why: "the tie-break panel's heading (the spec names it like the default title)",
  },
];

/** The source with comments removed (string contents kept), so that commented text does not count. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The engine's constants that are rules: strings, limits and lists, with their names. */
function ruleConstants() {
  const strings: Array<{ name: string; value: string }> = [];
  const numbers: Array<{ name: string; value: number }> = [];
  const lists: Array<{ name: string; value: ReadonlyArray<string | number> }> = [];
  for (const [name, value] of Object.entries({ ...events, ...live, ...wire })) {
    if (typeof value === 'string' && value.trim().length >= 4) strings.push({ name, value });
    else if (name.endsWith('_TEXTS') && value && typeof value === 'object') {
      // A table of German texts (SHARED_TEXTS, SHIP_ANSWER_TEXTS, ...): each plain text is a rule's too.
      for (const [key, text] of Object.entries(value))
        if (typeof text === 'string') strings.push({ name: `${name}.${key}`, value: text });
    } else if (typeof value === 'number' && Math.abs(value) >= 10) numbers.push({ name, value });
    else if (
      Array.isArray(value) &&
      value.length >= 2 &&
      value.every((v) => typeof v === 'string' || typeof v === 'number')
    )
      lists.push({ name, value });
  }
  return { strings, numbers, lists };
}

/** A number as it may be written: 10000000 or 10_000_000. */
function numberPattern(value: number): string {
  const digits = String(value);
  return digits.split('').map(escapeRegExp).join('_?');
}

export interface Copy {
  file: string;
  line: number;
  what: string;
}

/** The copies of engine rules in the given web sources. */
export function findRuleCopies(files: ReadonlyArray<{ file: string; source: string }>): Copy[] {
  const exported = engineExports();
  const { strings, numbers, lists } = ruleConstants();
  const copies: Copy[] = [];
  const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

  for (const { file, source } of files) {
    const code = withoutComments(source);
    // Import and re-export lists name the engine's exports without declaring them.
    const declarations = [
      /\bimport\s[^;]*?\sfrom\s*['"][^'"]+['"]/g,
      /\bexport\s+(?:type\s+)?\{[^}]*\}(?:\s*from\s*['"][^'"]+['"])?/g,
      /\bexport\s+\*(?:\s+as\s+\w+)?\s+from\s*['"][^'"]+['"]/g,
    ].reduce((text, list) => text.replace(list, (m) => m.replace(/[^\n]/g, ' ')), code);
    const report = (index: number, what: string) => copies.push({ file, line: lineOf(code, index), what });

    // Functions, classes and types anywhere; variables at the top level (a local `views` is no copy).
    const declaration =
      /(?:(?:^|[\s;{(])(?:export\s+)?(?:function\*?|class|interface|type|enum)|^(?:export\s+)?(?:const|let|var))\s+([A-Za-z_$][\w$]*)/gm;
    for (const match of declarations.matchAll(declaration)) {
      const name = match[1];
      if (exported.has(name) && !(name in SAME_NAME_OTHER_MEANING))
        report(match.index, `declares ${name}, which ${exported.get(name)} exports`);
    }

    for (const { name, value } of strings) {
      const literal = new RegExp(`(['"\`])${escapeRegExp(value)}\\1`, 'g');
      for (const match of code.matchAll(literal)) {
        if (SAME_TEXT_OTHER_MEANING.some((allowed) => allowed.file === file && allowed.text === value)) continue;
        report(match.index, `writes out ${name} (${JSON.stringify(value)})`);
      }
    }

    for (const { name, value } of numbers) {
      const n = numberPattern(value);
      const checks = [
        new RegExp(`\\b(?:maxLength|minLength|max|min)=\\{\\s*${n}\\b`, 'g'),
        new RegExp(`\\.(?:length|size)\\s*[<>]=?\\s*${n}\\b`, 'g'),
        new RegExp(`\\b${n}\\s*[<>]=?\\s*[\\w.]*\\.(?:length|size)\\b`, 'g'),
        new RegExp(`\\b[A-Za-z_]*(?:MAX|MIN|LIMIT|DEFAULT)[A-Za-z_]*\\s*=\\s*${n}\\b`, 'gi'),
      ];
      for (const check of checks)
        for (const match of code.matchAll(check)) report(match.index, `writes out ${name} (${value}) as a limit`);
    }

    for (const { name, value } of lists) {
      const items = value.map((v) => (typeof v === 'number' ? numberPattern(v) : `['"]${escapeRegExp(v)}['"]`));
      const literal = new RegExp(`\\[\\s*${items.join('\\s*,\\s*')}\\s*,?\\s*\\]`, 'g');
      for (const match of code.matchAll(literal)) report(match.index, `writes out the list ${name}`);
    }
  }
  return copies;
}

describe('the web app imports the engine rules instead of copying them', () => {
  it('given web/src, then no engine rule is declared, written out or listed again there', () => {
    expect(findRuleCopies(webFiles)).toEqual([]);
  });

  it.each([
    ['a limit constant', 'export const MAX_NAME = 50;', 'MAX_NAME_LENGTH'],
    ['a limit in a length check', "if (name.length > 50) return 'nameTooLong';", 'MAX_NAME_LENGTH'],
    ['a limit as an input attribute', '<Field maxLength={500} />', 'GREETING_MESSAGE_MAX_LENGTH'],
    ['the upload limit', 'if (file.size > 10_000_000) return null;', 'UPLOAD_MAX_BYTES'],
    ['the fusion prefix', "const FUSION_PREFIX = 'Fusionsteam';", 'FUSION_TEAM_PREFIX'],
    ['the fusion rule', "export function isFusionTeam(name: string) { return name.startsWith('x'); }", 'isFusionTeam'],
    ['the ABCD letters', 'export function abcdLetters(count: number) { return []; }', 'abcdLetters'],
    ['the heal-and-deal rounds', 'export const ROUNDS = [1, 2, 3] as const;', 'HEAL_DEAL_ROUNDS'],
    [
      'the uber modes',
      "const MODES = ['quiz', 'quiz-single', 'instruction', 'pre', 'post', 'pause', 'painting'];",
      'UBER_MODES',
    ],
    ['the no-proposals message', "if (m === 'Es wurden keine Vorschläge eingegeben.') return;", 'NO_PROPOSALS_MESSAGE'],
  ])('given %s written into the web, then it is found', (_what, source, rule) => {
    const copies = findRuleCopies([{ file: 'web/src/copy.tsx', source }]);
    expect(copies.map((c) => c.what).join('\n')).toContain(rule);
  });

  it('given the same limit in a comment or an unrelated number, then nothing is found', () => {
    const source =
      '/** names have at most 50 characters */\nexport const PAGE_STEP = 50;\nconst widths = [2, 5, 16, 48];';
    expect(findRuleCopies([{ file: 'web/src/fine.ts', source }])).toEqual([]);
  });
});
