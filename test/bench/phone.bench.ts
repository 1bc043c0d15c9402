/**
 * `npm run bench:phone [-- --url http://host:port] [--runs 3]`: a player's first load on the phone
 * profile (support/phone-first-load.ts) against the built app, a fresh profile each run. Without
 * --url it starts the built server (dist/src/main.js, web/dist) on a fresh data dir. Prints each run
 * and the median: time to a usable login, bytes over the wire, and per resource its size, encoding
 * and Cache-Control.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { numberFlag, stringFlag } from './support/cli';
import { PHONE_PROFILE, phoneFirstLoad, type PhoneFirstLoad } from './support/phone-first-load';
import { startServer } from './support/processes';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const runs = numberFlag('runs', 3);
  let url = stringFlag('url', '');
  let stop = async () => undefined as void;
  if (!url) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-phone-bench-'));
    const server = await startServer({ dataDir, jwtSecret: 'phone-bench-secret-at-least-32-bytes-long' });
    url = server.url;
    stop = async () => {
      server.process.child.kill('SIGTERM');
      await server.process.exited;
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  try {
    const p = PHONE_PROFILE;
    console.log(
      `player's first load, phone: ${p.downloadBitsPerSecond / 1e6} Mbit/s down, ${p.latencyMs} ms RTT, CPU ${p.cpuSlowdown}x slower; ${url}`,
    );
    const results: PhoneFirstLoad[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await phoneFirstLoad(url);
      results.push(result);
      console.log(
        `run ${run}: login usable after ${result.usableMs} ms, ${kb(result.bytes)} over the wire, ${result.resources.length} requests`,
      );
    }
    console.log(
      `median: login usable after ${median(results.map((r) => r.usableMs))} ms, ${kb(median(results.map((r) => r.bytes)))} over the wire`,
    );
    console.log('resources of the last run:');
    for (const r of results[results.length - 1]!.resources) {
      console.log(
        `  ${kb(r.bytes).padStart(9)}  ${(r.encoding ?? 'identity').padEnd(8)}  ${(r.cacheControl ?? '-').padEnd(36)}  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`,
      );
    }
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
