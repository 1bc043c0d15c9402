/**
 * The fuzz run: hostile frames (test/fuzz/hostile.ts) one after another against a real server, each
 * checked (test/fuzz/target.ts), the server's liveness and the reply count checked every so often
 * and at the end. Used by test/e2e/fuzz.test.ts (bounded, in CI) and test/fuzz/fuzz-cli.ts (long runs).
 */
import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { CATALOGUE, hostileFrame, type FuzzFrame } from './hostile';
import { checkAlive, emptyStats, sendFrame, startFuzzTarget, type FuzzStats } from './target';

export interface FuzzOptions {
  frames: number;
  seed?: number;
  /** Frames to send instead of generated ones (a FUZZ_TRACE file, replayed). */
  replay?: FuzzFrame[];
  /** Called every `progressEvery` frames. */
  onProgress?: (stats: FuzzStats, seconds: number) => void;
  progressEvery?: number;
}

export interface FuzzResult {
  stats: FuzzStats;
  seconds: number;
  seed: number;
  /** Catalogue types that got at least one frame, of all. */
  typesCovered: number;
  typesInCatalogue: number;
  /** null when every check held; else what failed. */
  failure: string | null;
}

const ALIVE_EVERY = 250;

export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const target = await startFuzzTarget();
  const stats = emptyStats();
  const crashes: string[] = [];
  const onCrash = (error: unknown) => crashes.push(String(error instanceof Error ? error.stack : error));
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let failure: string | null = null;
  const one = async (frame: FuzzFrame) => {
    await sendFrame(target, frame, stats);
    if (crashes.length > 0) throw new Error(`crash: ${crashes[0]}`);
    if (stats.frames % ALIVE_EVERY === 0) await checkAlive(target);
    if (options.onProgress && stats.frames % (options.progressEvery ?? 1000) === 0)
      options.onProgress(stats, seconds());
  };
  try {
    if (options.replay) {
      for (const frame of options.replay) await one(frame);
    } else {
      const details = await fc.check(fc.asyncProperty(hostileFrame(target.ids), one), {
        numRuns: options.frames,
        seed,
        endOnFailure: true,
      });
      if (details.failed) throw details.errorInstance;
    }
    await checkAlive(target);
    if (crashes.length > 0) failure = `crash: ${crashes[0]}`;
  } catch (error) {
    failure = String(error instanceof Error ? (process.env.FUZZ_STACK ? error.stack : error.message) : error);
  } finally {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await target.close();
  }
  const typesCovered = CATALOGUE.filter((type) => (stats.byType[type] ?? 0) > 0).length;
  return { stats, seconds: seconds(), seed, typesCovered, typesInCatalogue: CATALOGUE.length, failure };
}

export function summary(result: FuzzResult): string {
  const { stats } = result;
  const families = Object.entries(stats.byFamily)
    .map(([family, n]) => `${family} ${n}`)
    .join(', ');
  const senders = Object.entries(stats.bySender)
    .map(([sender, n]) => `${sender} ${n}`)
    .join(', ');
  return [
    `frames: ${stats.frames} (accepted commands ${stats.accepted}, refused or read-only ${stats.frames - stats.accepted})`,
    `families: ${Object.keys(stats.byFamily).length} (${families}); catalogue types hit: ${result.typesCovered} of ${result.typesInCatalogue}`,
    `senders: ${senders}`,
    `seconds: ${result.seconds.toFixed(1)} (${(stats.frames / result.seconds).toFixed(0)} frames/s), seed ${result.seed}`,
    `outcome: ${result.failure === null ? 'no crash, no hang, no unexplained state change, one reply per frame' : `FAILED: ${result.failure}`}`,
  ].join('\n');
}
