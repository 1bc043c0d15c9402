/**
 * Reducer bench (issue 3, Speed): folds 1,000,000 events of a night with 1,000 teams and 4,000
 * players, and the same number at 10 teams, and prints events/s and the cost per event.
 * Targets (issue 12): at least 2,500,000 events/s at 1,000 teams; the cost per event at 1,000 teams at
 * most 1.5 x that at 10. Events/s depend on the machine (docs/benchmarks.md): compare builds in one run.
 *
 * Each size runs in its own process (no garbage of one measurement in the other's heap). The events
 * are folded in batches of 10,000, as the live state reads them while catching up (READ_BATCH in
 * src/engine/live-state.ts). The batches are made before the clock starts: made between two timed
 * folds, their garbage and the fold's fell into one young generation whose scavenges locked into a
 * phase of the cycle, always inside the fold at 1,000 teams and always inside the generator at 10
 * (docs/benchmarks.md), so the figures measured where the collector happened to run. Now every
 * collection in a timed fold is the fold's own; the column `GC ms` shows how much of it was that.
 * One more process folds 1,000 teams in batches of 500 (about what the live state folds at once
 * while a show runs: far fewer events per second, each batch copied afresh). Median of five nights
 * after a warm-up per process; five processes per size, taken in turns, and the median of their
 * medians is reported (one process alone varies by up to 20 % on a shared machine).
 * Run: npm run bench:reducer
 */
import { execFileSync } from 'node:child_process';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import type { QuizShowEvent } from '../../events';
import { fold, initialState, type LiveState } from '../../projections/live';
import { benchNight } from '../support/bench-night';

const EVENTS = 1_000_000;
const RUNS = 5;
const BATCH = 10_000;
const SMALL_BATCH = 500;

interface Measurement {
  teams: number;
  active: number;
  batch: number;
  players: number;
  events: number;
  bestMs: number;
  medianMs: number;
  /** Garbage collection inside the timed folds, per night (median night). */
  gcMs: number;
}

/** Pauses of the garbage collector, start and duration in performance.now() time. */
const pauses: { start: number; duration: number }[] = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, duration: entry.duration });
});

function foldNight(
  start: LiveState,
  batches: readonly QuizShowEvent[][],
): { ms: number; end: LiveState; events: number; folds: [number, number][] } {
  let state = start;
  let ms = 0;
  let events = 0;
  const folds: [number, number][] = [];
  for (const batch of batches) {
    const t0 = performance.now();
    state = fold(batch, state);
    const t1 = performance.now();
    ms += t1 - t0;
    folds.push([t0, t1]);
    events += batch.length;
  }
  return { ms, end: state, events, folds };
}

function gcInside(folds: [number, number][]): number {
  let ms = 0;
  let i = 0;
  for (const pause of pauses) {
    while (i < folds.length && folds[i][1] < pause.start) i++;
    if (i < folds.length && pause.start >= folds[i][0]) ms += pause.duration;
  }
  return ms;
}

async function measure(teams: number, active: number, batch: number): Promise<Measurement> {
  const night = benchNight(teams, EVENTS, active);
  const start = fold(night.setup, initialState);
  const batches = [...night.batches(batch)];
  gcObserver.observe({ entryTypes: ['gc'] });
  foldNight(start, batches);
  const nights: { ms: number; events: number; folds: [number, number][] }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { end, ...night } = foldNight(start, batches); // keeps no night's state alive during the next
    if (end.version !== start.version + night.events) throw new Error('fold lost events');
    nights.push(night);
  }
  await new Promise((resolve) => setTimeout(resolve, 100)); // the observer reports pauses after the timed code
  gcObserver.disconnect();
  nights.sort((a, b) => a.ms - b.ms);
  const median = nights[Math.floor(RUNS / 2)];
  return {
    teams,
    active,
    batch,
    players: start.users.size - 2,
    events: median.events,
    bestMs: nights[0].ms,
    medianMs: median.ms,
    gcMs: gcInside(median.folds),
  };
}

const PROCESSES = 5;

function measureInChild(teams: number, active = teams, batch = BATCH): Measurement {
  const args = [...process.execArgv, __filename, String(teams), String(active), String(batch)];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as Measurement;
}

function medianOf(measurements: Measurement[]): Measurement {
  const sorted = [...measurements].sort((a, b) => a.medianMs - b.medianMs);
  return { ...sorted[Math.floor(sorted.length / 2)], bestMs: Math.min(...measurements.map((m) => m.bestMs)) };
}

function measureInTurns(): Measurement[] {
  const sizes: [number, number][] = [
    [10, 10],
    [1000, 1000],
    [1000, 10],
  ];
  const results: Measurement[][] = sizes.map(() => []);
  for (let round = 0; round < PROCESSES; round++) {
    sizes.forEach(([teams, active], i) => results[i].push(measureInChild(teams, active)));
  }
  process.stdout.write(
    `medians per process (ms): ${results.map((r, i) => `${sizes[i][0]}/${sizes[i][1]}: ${r.map((m) => m.medianMs.toFixed(0)).join(', ')}`).join('; ')}\n\n`,
  );
  return results.map(medianOf);
}

function row(cells: (string | number)[]): string {
  return cells.map((c, i) => String(c).padStart(i === 0 ? 8 : 14)).join(' ');
}

function report([small, large, largeFewActive]: Measurement[], largeSmallBatches: Measurement): string {
  const nsPerEvent = (m: Measurement) => (m.medianMs * 1e6) / m.events;
  const eventsPerSecond = (m: Measurement) => Math.round(m.events / (m.medianMs / 1000));
  return (
    [
      row(['teams', 'active', 'players', 'batch', 'events', 'best ms', 'median ms', 'GC ms', 'events/s', 'ns/event']),
      ...[small, large, largeFewActive, largeSmallBatches].map((m) =>
        row([
          m.teams,
          m.active,
          m.players,
          m.batch,
          m.events,
          m.bestMs.toFixed(1),
          m.medianMs.toFixed(1),
          m.gcMs.toFixed(1),
          eventsPerSecond(m).toLocaleString('en-US'),
          nsPerEvent(m).toFixed(1),
        ]),
      ),
      '',
      `cost per event at 1,000 teams / at 10 teams: ${(nsPerEvent(large) / nsPerEvent(small)).toFixed(2)} (target <= 1.5)`,
      `events/s at 1,000 teams: ${eventsPerSecond(large).toLocaleString('en-US')} (target >= 2,500,000 on the machine of issue 3, where 2.7 M was measured)`,
      `1,000 teams of which 10 play / 10 teams: ${(nsPerEvent(largeFewActive) / nsPerEvent(small)).toFixed(2)} (the state's size alone; the rest is touching more teams)`,
      `1,000 teams in batches of ${SMALL_BATCH} / 10 teams: ${(nsPerEvent(largeSmallBatches) / nsPerEvent(small)).toFixed(2)} (one process; a running show folds small batches, far below this speed)`,
    ].join('\n') + '\n'
  );
}

const [teamsArg, activeArg, batchArg] = process.argv.slice(2);
if (teamsArg)
  void measure(Number(teamsArg), Number(activeArg), Number(batchArg)).then((m) =>
    process.stdout.write(JSON.stringify(m)),
  );
else process.stdout.write(report(measureInTurns(), measureInChild(1000, 1000, SMALL_BATCH)));
