/**
 * npm run bench:start [-- --runs 3 --server-cpus 0]
 *
 * What a start costs on an empty store, phase by phase, as the server reports it (LOG_LEVEL=debug,
 * "Startphasen"): modules (node and every module loaded), storage (opening PGlite: initdb, or the copy
 * of a fresh cluster), secrets, runtime (live state, read projections), firstAdmin (its argon2 hash),
 * nest (the application), listen. Three kinds of start, `--runs` times each:
 *  - empty store, no PGlite template yet (initdb runs, then saves the template): the start as it was;
 *  - empty store from the template;
 *  - restart on that store (the schema exists: no synchronize of the read tables).
 * The template lives in a temporary XDG_CACHE_HOME of its own, so the machine's cache is left alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { numberFlag, printTable, stringFlag } from './support/cli';
import { DIST, NodeProcess } from './support/processes';

const RUNS = numberFlag('runs', 3);
const SERVER_CPUS = stringFlag('server-cpus', '') || null;

interface Start {
  /** From spawning the process until it announced its address. */
  total: number;
  phases: Record<string, number>;
}

async function start(dataDir: string, cacheHome: string): Promise<Start> {
  const began = performance.now();
  const server = NodeProcess.start(path.join(DIST, 'src/main.js'), [], {
    cpus: SERVER_CPUS,
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin',
      LOG_LEVEL: 'debug',
      XDG_CACHE_HOME: cacheHome,
    },
  });
  const [, phases] = await server.waitFor(/Startphasen in ms: ([a-zA-Z0-9, ]*)/); // the text logger colours the line
  const total = performance.now() - began;
  await server.stop();
  return {
    total,
    phases: Object.fromEntries(
      phases!
        .trim()
        .split(', ')
        .map((p) => [p.split(' ')[0]!, Number(p.split(' ')[1])]),
    ),
  };
}

async function main(): Promise<void> {
  console.log(`bench:start — ${RUNS} runs of each kind of start (server cpus ${SERVER_CPUS ?? 'any'})\n`);
  const kinds: Record<string, Start[]> = { 'empty, initdb': [], 'empty, from template': [], restart: [] };
  const scratch: string[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const cacheHome = await mkdtemp(path.join(tmpdir(), 'bench-start-cache-'));
      const [first, second] = [
        await mkdtemp(path.join(tmpdir(), 'bench-start-')),
        await mkdtemp(path.join(tmpdir(), 'bench-start-')),
      ];
      scratch.push(cacheHome, first, second);
      kinds['empty, initdb']!.push(await start(first, cacheHome));
      kinds['empty, from template']!.push(await start(second, cacheHome));
      kinds['restart']!.push(await start(second, cacheHome));
      process.stdout.write('.');
    }
  } finally {
    await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
  }
  console.log('\n');
  const names = ['modules', 'storage', 'secrets', 'runtime', 'firstAdmin', 'nest', 'listen'];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  printTable(
    ['start (median of runs), ms', 'total', ...names],
    Object.entries(kinds).map(([kind, starts]) => [
      kind,
      median(starts.map((s) => s.total)).toFixed(0),
      ...names.map((n) => median(starts.map((s) => s.phases[n] ?? 0)).toFixed(0)),
    ]),
  );
  const total = (kind: string) => median(kinds[kind]!.map((s) => s.total));
  console.log(
    `\nempty store from the template / with initdb: ${(total('empty, from template') / total('empty, initdb')).toFixed(2)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
