/**
 * npm run bench:restart [-- --events 10000,1000000 --teams 1000]
 *
 * How long the real server process takes from its start until it answers /api/health, on the
 * embedded store holding a generated night of each size: the first start (no snapshot: it folds the
 * whole log, then a clean stop saves a snapshot) and the restart after it (the snapshot and the
 * tail). Printed as a table, with the restart at the largest size as a ratio of the restart at the
 * smallest: the goal is that a restart costs the same after a season as after one night.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QuizShowEvent } from '../../events';
import { toStored } from '../../src/engine/stored-events';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { benchNight } from '../support/bench-night';

const root = path.resolve(__dirname, '..', '..', '..');
const APPEND_BATCH = 2_500;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

/** The stream a generated event belongs to, as the deciders would have chosen it. */
function streamOf(event: QuizShowEvent): string {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'UserRegistered') return `user-${String(data.userId)}`;
  if (event.type === 'TeamCreated' || event.type === 'TeamJoined') return `team-${String(data.teamId)}`;
  if (event.type === 'QuizCreated') return `quiz-${String(data.quizId)}`;
  if (event.type === 'LobbyChatMessagePosted') return 'show';
  return 'night-bench';
}

async function seed(dataDir: string, events: number, teams: number): Promise<number> {
  const db = await PgliteDatabase.open(path.join(dataDir, 'pglite'));
  const store = await SqlEventStore.open(db);
  const night = benchNight(teams, events);
  let written = 0;
  const append = async (batch: QuizShowEvent[]) => {
    for (let start = 0; start < batch.length;) {
      const stream = streamOf(batch[start]!);
      let end = start;
      while (end < batch.length && end - start < APPEND_BATCH && streamOf(batch[end]!) === stream) end++;
      await store.append(
        stream,
        batch.slice(start, end).map((e) => ({ ...toStored(e), id: randomUUID() })),
        'any',
      );
      written += end - start;
      start = end;
    }
  };
  await append(night.setup);
  for (const batch of night.batches(APPEND_BATCH)) await append(batch);
  await store.close();
  await db.close();
  return written;
}

/** Starts the server, returns the seconds until /api/health answered and its start phases, then stops it cleanly (SIGTERM). */
async function timedStart(dataDir: string): Promise<{ seconds: number; phases: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin',
      LOG_LEVEL: 'debug', // the start's phases (Startphasen)
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /läuft: (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const health = await fetch(`${url}/api/health`);
  const seconds = (performance.now() - started) / 1000;
  if (!health.ok) throw new Error(`health answered ${health.status}`);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { seconds, phases: /Startphasen in ms: ([a-zA-Z0-9, ]*)/.exec(output)?.[1]?.trim() ?? '' };
}

async function main(): Promise<void> {
  const sizes = option('--events', '10000,1000000').split(',').map(Number);
  const teams = Number(option('--teams', '1000'));
  const rows: Array<{ events: number; first: number; restart: number }> = [];
  for (const size of sizes) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-restart-'));
    try {
      process.stdout.write(`seeding ${size.toLocaleString('en')} events ... `);
      const events = await seed(dataDir, size, teams);
      process.stdout.write(`${events.toLocaleString('en')} stored\n`);
      const first = await timedStart(dataDir);
      const restart = await timedStart(dataDir);
      rows.push({ events, first: first.seconds, restart: restart.seconds });
      console.log(`  first start ${first.seconds.toFixed(2)} s (${first.phases})`);
      console.log(`  restart ${restart.seconds.toFixed(2)} s (${restart.phases})`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log('\n| events | first start (whole log), s | restart (snapshot + tail), s |');
  console.log('| ---: | ---: | ---: |');
  for (const r of rows)
    console.log(`| ${r.events.toLocaleString('en')} | ${r.first.toFixed(2)} | ${r.restart.toFixed(2)} |`);
  const small = rows[0]!;
  const large = rows[rows.length - 1]!;
  console.log(
    `\nrestart at ${large.events.toLocaleString('en')} events / restart at ${small.events.toLocaleString('en')}: ${(large.restart / small.restart).toFixed(2)} (goal <= 1.2)`,
  );
  console.log(
    `first start at ${large.events.toLocaleString('en')} / at ${small.events.toLocaleString('en')}: ${(large.first / small.first).toFixed(2)} (without snapshots)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
