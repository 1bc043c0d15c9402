/**
 * Long fuzz runs against a real server (the embedded store, a temporary directory):
 *   npm run fuzz -- --frames 100000 [--seed N]
 *   npm run fuzz -- --replay trace.jsonl      (frames a FUZZ_TRACE=trace.jsonl run wrote, sent again)
 * Prints progress and a summary (frames, families, seconds, outcome); exits 1 when a check failed.
 */
import { readFileSync } from 'node:fs';
import { frame, type FuzzFrame } from './hostile';
import { runFuzz, summary } from './run';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function replayFrames(file: string): FuzzFrame[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const f = JSON.parse(line) as FuzzFrame;
      return frame(f.sender, f.type, f.family, f.raw);
    });
}

async function main(): Promise<void> {
  const replayFile = option('replay');
  const replay = replayFile ? replayFrames(replayFile) : undefined;
  const frames = replay?.length ?? Number(option('frames') ?? 10_000);
  const seed = option('seed') === undefined ? undefined : Number(option('seed'));
  console.log(replay ? `replaying ${frames} frames from ${replayFile}` : `fuzzing with ${frames} frames`);
  const result = await runFuzz({
    frames,
    seed,
    replay,
    progressEvery: Number(option('progress') ?? 5_000),
    onProgress: (stats, seconds) =>
      console.log(
        `  ${stats.frames} frames, ${stats.accepted} accepted, ${seconds.toFixed(0)} s, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
      ),
  });
  console.log(summary(result));
  process.exit(result.failure === null ? 0 : 1);
}

void main();
