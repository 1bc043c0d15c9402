/**
 * npm run bench:hash-beside [-- --hashes 600]
 *
 * Why a surge of fresh logins hashes below hash-only (issue 34, docs/decisions/first-minute.md, "Fifth
 * round"): the machine's hash rate as the server hashes (hash-rate.ts) alone, beside a core busy with
 * arithmetic, and beside a core streaming memory. argon2 (19 MiB per hash) is bound by the memory, so
 * what slows it is the other threads' memory traffic, not their share of the cores.
 */
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { numberFlag, printTable } from './support/cli';
import { BENCH_DIST, measureHashOnly, NodeProcess, type HashOnly } from './support/processes';

const HASHES = numberFlag('hashes', 600);

const hashRate = () => measureHashOnly(HASHES);

async function beside(kind: 'compute' | 'memory'): Promise<HashOnly> {
  const load = NodeProcess.start(path.join(BENCH_DIST, 'test/bench/support/load.js'), ['--kind', kind]);
  try {
    await load.waitFor(/^load ready$/);
    return await hashRate();
  } finally {
    await load.stop();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:hash-beside — ${HASHES} argon2id verifications as the server hashes them, ${availableParallelism()} cores\n`,
  );
  const runs: Array<[string, HashOnly]> = [];
  runs.push(['alone', await hashRate()]);
  runs.push(['beside a core computing', await beside('compute')]);
  runs.push(['beside a core streaming memory', await beside('memory')]);
  runs.push(['alone again', await hashRate()]);
  const reference = (runs[0]![1].hashesPerSecond + runs[3]![1].hashesPerSecond) / 2;
  printTable(
    ['run', 'hashes/s', 'of alone', 'CPU per hash, ms', 'of it kernel, ms'],
    runs.map(([name, r]) => [
      name,
      r.hashesPerSecond.toFixed(1),
      `${((100 * r.hashesPerSecond) / reference).toFixed(0)} %`,
      r.cpuMsPerHash?.toFixed(2) ?? '–',
      r.systemMsPerHash?.toFixed(2) ?? '–',
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
