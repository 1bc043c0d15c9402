/**
 * npm run bench:reconnect [-- --players 5000 --server-cpus 0 --client-cpus 1 --workers 4 --handshake-timeout 10000]
 *
 * N players connected and in their teams, a question running; the server is killed (SIGKILL, no clean stop) and
 * started again on the same store and port. Once it answers /api/health, every player reconnects at
 * once (the storm a restart brings): WebSocket, `sa` with its token, `sg` with its views. Measured:
 * the time from healthy until all N are back (views received), and how many attempts failed (a
 * failed attempt is tried again at once). Reference: the same clients connecting at once to a raw
 * `ws` server. Goal: 5,000 back within 10 s, none failed.
 */
import { rm } from 'node:fs/promises';
import { describePlacement, numberFlag, percentiles, placement, printTable, ratio } from './support/cli';
import { ClientPool } from './support/client-pool';
import { LeanPlayer } from './support/lean-player';
import {
  cpuSeconds,
  listenOverflows,
  projectionsCaughtUp,
  startRawServer,
  startServer,
  waitHealthy,
} from './support/processes';
import { JWT_SECRET, seedShow } from './support/seed';

const where = placement();
const PLAYERS = numberFlag('players', 2000);
const HANDSHAKE_TIMEOUT_MS = numberFlag('handshake-timeout', 10_000);
const MAX_ATTEMPTS = 20;

const epoch = (performanceMs: number) => performance.timeOrigin + performanceMs;

async function main(): Promise<void> {
  console.log(
    `bench:reconnect — ${PLAYERS} players in teams of 4, kill -9 and restart, over loopback (${describePlacement(where)})\n`,
  );
  const show = await seedShow({ players: PLAYERS, inTeams: true });
  try {
    // Reference: the same storm against a raw ws server.
    const raw = await startRawServer({ cpus: where.serverCpus });
    const rawPool = await ClientPool.start({
      ...where,
      cpus: where.clientCpus,
      url: raw.wsUrl,
      raw: true,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
      players: show.players,
    });
    const [rawOverflows, rawCpu] = [await listenOverflows(), await cpuSeconds(raw.process.pid)];
    const rawStorm = await rawPool.all({ op: 'connect', inFlight: 0, maxAttempts: MAX_ATTEMPTS });
    const [rawDropped, rawStormCpu] = [
      (await listenOverflows()) - rawOverflows,
      (await cpuSeconds(raw.process.pid)) - rawCpu,
    ];
    await rawPool.stop();
    await raw.process.stop();

    let server = await startServer({ dataDir: show.dataDir, jwtSecret: JWT_SECRET, cpus: where.serverCpus });
    const pool = await ClientPool.start({
      ...where,
      cpus: where.clientCpus,
      url: server.wsUrl,
      raw: false,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
      players: show.players,
    });
    const first = await pool.all({ op: 'connect', inFlight: 0, maxAttempts: MAX_ATTEMPTS });
    console.log(
      `  ${first.times.length} players connected and in their teams (${first.failures} failed attempts on the way)`,
    );
    // The crash comes during a question, as in a show: the read projections have caught up with the
    // seeded log, and the question start is an append (its commit makes their work durable too; PGlite
    // has no WAL writer of its own, so without any append after them a crash would lose it all).
    await projectionsCaughtUp(server.url);
    const moderator = await LeanPlayer.connect(server.wsUrl, HANDSHAKE_TIMEOUT_MS);
    await moderator.request('sa', { token: show.moderatorToken });
    const started = await moderator.request('ma', { quiz: show.quizId, round: 1, question: 1 });
    if (!started.success) throw new Error(`ma: ${started.message}`);
    moderator.terminate();

    const closed = pool.all({ op: 'awaitClosed' });
    await server.process.stop('SIGKILL');
    await closed;
    const restartedAt = performance.now();
    server = await startServer({
      dataDir: show.dataDir,
      jwtSecret: JWT_SECRET,
      cpus: where.serverCpus,
      env: { PORT: String(server.port) },
    });
    const healthy = await waitHealthy(server.url);
    const [overflows, cpu] = [await listenOverflows(), await cpuSeconds(server.process.pid)];
    const back = await pool.all({ op: 'connect', inFlight: 0, maxAttempts: MAX_ATTEMPTS });
    const [dropped, stormCpu] = [(await listenOverflows()) - overflows, (await cpuSeconds(server.process.pid)) - cpu];
    await pool.stop();
    await server.process.stop();

    const sinceHealthy = back.times.map((t) => (t - epoch(healthy)) / 1000);
    const rawSpan = percentiles(rawStorm.times.map((t) => (t - rawStorm.startedAt) / 1000));
    const ours = percentiles(sinceHealthy);
    printTable(
      ['measure', 'ours', 'raw ws', 'ratio', 'note'],
      [
        [
          'all players back after healthy, s',
          ours.max.toFixed(2),
          rawSpan.max.toFixed(2),
          ratio(ours.max, rawSpan.max),
          `${back.times.length} of ${PLAYERS} back (sa + sg answered); goal: 5,000 within 10 s`,
        ],
        ['half the players back, s', ours.p50.toFixed(2), rawSpan.p50.toFixed(2), ratio(ours.p50, rawSpan.p50), 'p50'],
        [
          'server CPU during the storm, s',
          stormCpu.toFixed(2),
          rawStormCpu.toFixed(2),
          ratio(stormCpu, rawStormCpu),
          'all threads; near the wall time: the server was the limit, far below: the clients were',
        ],
        [
          'failed attempts (tried again at once)',
          String(back.failures),
          String(rawStorm.failures),
          '',
          `${back.lost} never back; goal 0`,
        ],
        [
          'connects dropped by a full accept queue',
          String(dropped),
          String(rawDropped),
          '',
          'TcpExt ListenOverflows (machine-wide): the client waits for a SYN retransmit',
        ],
        [
          'restart until healthy, s',
          ((healthy - restartedAt) / 1000).toFixed(2),
          '',
          '',
          'kill -9, then start on the same store',
        ],
      ],
    );
    console.log(`\nthe restart's phases in ms: ${await server.startPhases}`);
    for (const message of back.messages) console.log(`  ${message}`);
  } finally {
    await rm(show.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
