/**
 * A bench's figures against a recorded baseline (checked in beside the benches, test/bench/baselines/):
 * one line per figure, "slower than the last release by N %" or "faster … by N %". A bench, not a
 * timed assertion: it prints and never fails. `--record-baseline` (or BENCH_RECORD_BASELINE=1) writes
 * this run's figures as the new baseline instead; `--baseline <file>` compares with (or records to)
 * another file. Figures are "lower is better" (milliseconds, bytes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { stringFlag } from './cli';
import { ROOT } from './processes';

/** One measured figure: its name (screen, measure, size), its value and its unit. */
export interface Figure {
  name: string;
  value: number;
  unit: 'ms' | 'KB';
}

interface Baseline {
  recordedAt: string;
  commit: string;
  /** The machine's load averages (1, 5, 15 min) when it was recorded: figures of a loaded machine move. */
  loadAverage: number[];
  figures: Record<string, { value: number; unit: string }>;
}

const recordFlag = () => process.argv.includes('--record-baseline') || process.env.BENCH_RECORD_BASELINE === '1';

/** The measured build's commit: BENCH_SERVER_DIST's checkout when the server is another build's. */
function commitOf(): string {
  const checkout = process.env.BENCH_SERVER_DIST ? path.dirname(path.resolve(process.env.BENCH_SERVER_DIST)) : ROOT;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const loads = () => loadavg().map(round1);
const shown = (value: number, unit: string) => `${value.toLocaleString('en')} ${unit}`;

/** How `now` compares with `before`: the line the bench prints for one figure. */
export function comparison(now: number, before: number): string {
  if (before === 0 && now === 0) return 'as in the last release';
  if (before === 0) return `the last release had none (now ${now})`;
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return 'as fast as the last release';
  return percent > 0 ? `slower than the last release by ${percent} %` : `faster than the last release by ${-percent} %`;
}

/**
 * Records the figures as the baseline (with --record-baseline) or prints each against the recorded
 * one. `name` is the bench's (the default file is test/bench/baselines/<name>.json).
 */
export async function againstBaseline(name: string, figures: Figure[]): Promise<void> {
  const file = path.resolve(stringFlag('baseline', path.join(ROOT, 'test/bench/baselines', `${name}.json`)));
  const valid = figures.filter((figure) => Number.isFinite(figure.value));
  if (recordFlag()) {
    const baseline: Baseline = {
      recordedAt: new Date().toISOString(),
      commit: commitOf(),
      loadAverage: loads(),
      figures: Object.fromEntries(valid.map((figure) => [figure.name, { value: figure.value, unit: figure.unit }])),
    };
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(baseline, null, 2)}\n`);
    process.stdout.write(
      `\nbaseline recorded: ${path.relative(ROOT, file)} (${valid.length} figures, commit ${baseline.commit}, load ${baseline.loadAverage.join(' / ')})\n`,
    );
    return;
  }
  if (!existsSync(file)) {
    process.stdout.write(`\nno baseline at ${path.relative(ROOT, file)}: record one with --record-baseline\n`);
    return;
  }
  const baseline = JSON.parse(await readFile(file, 'utf8')) as Baseline;
  process.stdout.write(
    `\nagainst the last release's baseline (${path.relative(ROOT, file)}: commit ${baseline.commit}, ${baseline.recordedAt}, load ${baseline.loadAverage.join(' / ')}; now load ${loads().join(' / ')}):\n`,
  );
  for (const figure of valid) {
    const before = baseline.figures[figure.name];
    if (!before) {
      process.stdout.write(`  ${figure.name}: ${shown(figure.value, figure.unit)} (not in the baseline)\n`);
      continue;
    }
    process.stdout.write(
      `  ${figure.name}: ${shown(figure.value, figure.unit)} against ${shown(before.value, before.unit)}: ${comparison(figure.value, before.value)}\n`,
    );
  }
}
