/**
 * npm run bench:exports [-- --teams 1000 --rounds 10]
 *
 * The results exports of a seeded night (test/support/seed-show.ts: 1,000 teams, about 4,850 answers)
 * on the real server (dist/src/main.js), once the read projections have caught up: each of
 * answers.csv, points.csv and stats.csv downloaded --rounds times in turn as an admin, the time until
 * the whole body has arrived. Reference from the same run: GET /api/points/:quizId, the moderator's
 * JSON points table from the same read projection. Target (issue 32): each file under 2 s; the ratio
 * to the reference says what the export costs beyond reading the points.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedShow } from '../support/seed-show';
import { numberFlag, percentiles, printTable, ratio } from './support/cli';
import { startServer } from './support/processes';

const TEAMS = numberFlag('teams', 1000);
const ROUNDS = numberFlag('rounds', 10);
const TARGET_MS = 2000;
const ADMIN_PASSWORD = 'bench-admin';

interface Health {
  store: { lastPosition: number };
  projections: Array<{ lag: number }>;
}

/** Until /api/health reports every read projection at the log's last position (at least `events`). */
async function projectionsCaughtUp(url: string, events: number): Promise<void> {
  for (;;) {
    const health = (await fetch(`${url}/api/health`).then(
      (r) => r.json(),
      () => null,
    )) as Health | null;
    if (
      health &&
      health.store.lastPosition >= events &&
      health.projections.length > 0 &&
      health.projections.every((p) => p.lag === 0)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function timedGet(url: string, token: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - start, bytes: body.byteLength };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-exports-'));
  const night = await seedShow({ dataDir }, { teams: TEAMS, tricky: true });
  const server = await startServer({
    dataDir,
    jwtSecret: 'bench-exports-secret-at-least-32-bytes-long',
    env: { ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
  });
  try {
    await projectionsCaughtUp(server.url, night.events);
    const login = await fetch(`${server.url}/api/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const targets: Array<[string, string]> = [
      ['reference: GET /api/points/:quizId', `/api/points/${night.quizId}`],
      ['answers.csv', `/api/quizzes/${night.quizId}/answers.csv`],
      ['points.csv', `/api/quizzes/${night.quizId}/points.csv`],
      ['stats.csv', `/api/quizzes/${night.quizId}/stats.csv`],
    ];
    const times = new Map<string, number[]>(targets.map(([name]) => [name, []]));
    const sizes = new Map<string, number>();
    for (const [, route] of targets) await timedGet(`${server.url}${route}`, token); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, route] of targets) {
        const { ms, bytes } = await timedGet(`${server.url}${route}`, token);
        times.get(name)!.push(ms);
        sizes.set(name, bytes);
      }
    }
    const reference = percentiles(times.get(targets[0]![0])!).p50;
    console.log(
      `${TEAMS} teams, ${night.lockedIn} answers locked in, ${night.events} events; ${ROUNDS} downloads each, in turn`,
    );
    printTable(
      ['download', 'bytes', 'median ms', 'max ms', 'x reference', `under ${TARGET_MS} ms`],
      targets.map(([name]) => {
        const { p50, max } = percentiles(times.get(name)!);
        return [
          name,
          sizes.get(name)!.toLocaleString('en'),
          p50.toFixed(0),
          max.toFixed(0),
          ratio(p50, reference),
          max < TARGET_MS ? 'yes' : 'NO',
        ];
      }),
    );
  } finally {
    await server.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
