/**
 * Regex bench (issue 13): the regex tool's and trx's cost with JavaScript's backtracking RegExp and
 * with the linear-time engine (re2js, projections/live/rules/answer-regex.ts): compile plus match of typical
 * checker patterns against 500 answers, and the pathological `(a|aa|aaa)+$` against a's and a "!".
 * RegExp runs the pathological case only up to 26 a's (each a more multiplies its time by about 1.5;
 * 32 took 40 s in the show). Figures go to docs/decisions/regular-expressions.md.
 * Run: npm run bench:regex
 */
import { performance } from 'node:perf_hooks';
import { compileAnswerRegex } from '../../projections/live/rules/answer-regex';

const WORDS = [
  'Ottawa',
  'Toronto',
  'Berlin',
  'Hauptstadt von Kanada',
  'Ich glaube es ist Ottawa',
  'Montréal',
  'Québec',
  'Äpfel und Birnen',
];
const ANSWERS = Array.from({ length: 500 }, (_, i) => `${WORDS[i % WORDS.length]} ${'x'.repeat(i % 40)}`);
const TYPICAL = ['^ottawa', 'otta?wa|ottava', '\\bkanada\\b', '^(berlin|toronto)$', 'qu[eé]bec'];
const PATHOLOGICAL = '(a|aa|aaa)+$';

function ms(run: () => unknown, times = 1): number {
  const started = performance.now();
  for (let i = 0; i < times; i++) run();
  return (performance.now() - started) / times;
}

function linear(source: string) {
  const compiled = compileAnswerRegex(source);
  if (!compiled.ok) throw new Error(`${source}: ${compiled.problem}`);
  return compiled.regex;
}

const rows: string[] = [];
const row = (what: string, regexpMs: number | null, re2Ms: number) =>
  rows.push(`| ${what} | ${regexpMs === null ? 'n/a' : regexpMs.toFixed(3)} | ${re2Ms.toFixed(3)} |`);

// Warm-up, then the median-free mean of 50 runs: these are small, stable figures.
for (const source of TYPICAL) {
  ms(() => ANSWERS.filter((a) => linear(source).test(a)), 10);
  row(
    `\`${source}\`, compile + 500 answers`,
    ms(() => {
      const r = new RegExp(source, 'i');
      return ANSWERS.filter((a) => r.test(a));
    }, 50),
    ms(() => {
      const r = linear(source);
      return ANSWERS.filter((a) => r.test(a));
    }, 50),
  );
}
for (const n of [20, 24, 26]) {
  const input = `${'a'.repeat(n)}!`;
  row(
    `\`${PATHOLOGICAL}\` on ${n} a + "!"`,
    ms(() => new RegExp(PATHOLOGICAL, 'i').test(input)),
    ms(() => linear(PATHOLOGICAL).test(input), 20),
  );
}
for (const n of [32, 60_000]) {
  const input = `${'a'.repeat(n)}!`;
  row(
    `\`${PATHOLOGICAL}\` on ${n} a + "!"`,
    null,
    ms(() => linear(PATHOLOGICAL).test(input), 5),
  );
}

console.log('| case | RegExp ms | re2js ms |\n| --- | ---: | ---: |');
console.log(rows.join('\n'));
