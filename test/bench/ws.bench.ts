/**
 * npm run bench:ws [-- --players 5000 --server-cpus 0 --client-cpus 1 --workers 4 --starts 10 --seconds 5 --without-group-commit --overlays]
 *
 * The real server (a child process on a fresh embedded store holding N players in teams of four,
 * seeded as events, tokens signed with its JWT_SECRET) beside a raw `ws` server
 * (raw-broadcast-server.ts), each with N identical clients spread over several client worker
 * processes. Printed, each beside its reference from the same run:
 *  - memory per connection: heap (+ external) and RSS growth from a quarter to all clients
 *    connected, after a forced garbage collection, ours against the raw server's;
 *  - question start → every player (p50/p99) against a raw broadcast of the same frame, the two
 *    taking turns; timed after a short pause, and for comparison right after the previous question ended;
 *  - server CPU per question start against the raw server's CPU per broadcast of the same frame;
 *  - proposal → the proposer's team mates (p50/p99);
 *  - acknowledged commands/s with group commit (and without it: --without-group-commit);
 *  - with --overlays, as many stream overlay pages (one overlay link, a socket each, `sa {overlay}`)
 *    alone on the same server afterwards: server CPU per question start and question start → every
 *    page, beside the players' figures of the same run (PROTOCOL.md wave 4: one overlay page costs
 *    the server no more than one player).
 * BENCH_PROFILE_DIR=<dir> writes a CPU profile of each server process there, and the windows of the timed
 * question starts and raw broadcasts (question-starts-<pid>.json, raw-broadcasts-<pid>.json) for
 * profile-windows.ts, which says what the CPU inside them went to.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describePlacement, numberFlag, percentiles, placement, printTable, ratio } from './support/cli';
import { ClientPool } from './support/client-pool';
import { LeanPlayer } from './support/lean-player';
import {
  cpuSeconds,
  heapBytes,
  startRawServer,
  startServer,
  type BenchServer,
  type HeapFigures,
} from './support/processes';
import { JWT_SECRET, seedShow, type SeededShow } from './support/seed';
import { ANONYMOUS_SOCKETS_PER_ADDRESS } from '../../src/limits/sockets-and-team-passwords';

const where = placement();
const PLAYERS = numberFlag('players', 2000);
const QUESTION_STARTS = numberFlag('starts', 10);
const THROUGHPUT_SECONDS = numberFlag('seconds', 5);
const WITHOUT_GROUP_COMMIT = process.argv.includes('--without-group-commit');
const OVERLAYS = process.argv.includes('--overlays');
const HANDSHAKE_TIMEOUT_MS = 30_000;

/**
 * A pause before each timed question start, so that it measures the start and not the tail of the
 * previous question's end (every team's locked-in answer is still being pushed then).
 */
const SETTLE_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Connected {
  pool: ClientPool;
  quarter: HeapFigures;
  all: HeapFigures;
}

/** Connects a quarter of the clients, probes the heap, connects the rest, probes again. */
async function connectMeasured(server: BenchServer, show: SeededShow, raw: boolean): Promise<Connected> {
  const pool = await ClientPool.start({
    ...where,
    cpus: where.clientCpus,
    url: server.wsUrl,
    raw,
    handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    players: show.players,
  });
  const first = await pool.all({ op: 'connect', inFlight: 200, maxAttempts: 5, fraction: 0.25 });
  const quarter = await server.process.heap();
  const rest = await pool.all({ op: 'connect', inFlight: 200, maxAttempts: 5 });
  const all = await server.process.heap();
  const lost = first.lost + rest.lost;
  if (lost > 0)
    throw new Error(`${lost} clients could not connect: ${[...first.messages, ...rest.messages].join('; ')}`);
  return { pool, quarter, all };
}

/** CPU seconds the process spends idle per second (timers, heartbeats), to take out of a measured window. */
async function idleRate(pid: number): Promise<number> {
  const before = await cpuSeconds(pid);
  await pause(1000);
  return (await cpuSeconds(pid)) - before;
}

/** The machine's monotonic clock in microseconds: the clock of `node --cpu-prof`'s samples. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** With BENCH_PROFILE_DIR: the windows of the timed question starts and raw broadcasts, for profile-windows.ts. */
const windows: Record<'ours' | 'raw', Array<{ from: number; to: number }>> = { ours: [], raw: [] };

/** Runs `fire`, waits for every client to see `marker`, then a little more; the process's CPU seconds over that, idle taken out. */
async function timedFanOut(
  pool: ClientPool,
  pid: number,
  idle: number,
  marker: string,
  fire: () => void,
): Promise<{ latencies: number[]; cpu: number; frame: string; window: { from: number; to: number } }> {
  const started = performance.now();
  const from = monotonicUs();
  const cpu0 = await cpuSeconds(pid);
  const { latencies, missing, frame } = await pool.fanOut(marker, fire);
  if (missing > 0) throw new Error(`${missing} clients never saw ${marker}`);
  await pause(100); // work that follows the pushes (read projections) belongs to the start
  const cpu = (await cpuSeconds(pid)) - cpu0 - (idle * (performance.now() - started)) / 1000;
  return { latencies, cpu, frame, window: { from, to: monotonicUs() } };
}

interface StartFigures {
  latencies: number[];
  /** CPU ms per question start. */
  cpu: number[];
}

/**
 * `count` stream overlay pages of the show's overlay link, alone on the server: each question start
 * (the same positions as the players' above) timed to every page, with the server's CPU for it.
 */
async function overlayStarts(
  server: BenchServer,
  show: SeededShow,
  moderator: LeanPlayer,
  count: number,
): Promise<StartFigures> {
  const pages = Array.from({ length: count }, (_, i) => ({
    userId: `overlay-${i}`,
    teamId: `overlay-${i}`,
    token: show.overlayToken,
  }));
  const pool = await ClientPool.start({
    ...where,
    cpus: where.clientCpus,
    url: server.wsUrl,
    raw: false,
    overlay: true,
    handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    players: pages,
  });
  // All pages come from one address here: each worker keeps its share of them below the server's cap on
  // sockets not yet authenticated per address (ANONYMOUS_SOCKETS_PER_ADDRESS).
  const inFlight = Math.max(1, Math.floor((ANONYMOUS_SOCKETS_PER_ADDRESS * 3) / 4 / pool.size));
  const connected = await pool.all({ op: 'connect', inFlight, maxAttempts: 5 });
  if (connected.lost > 0)
    throw new Error(`${connected.lost} overlay pages could not connect: ${connected.messages.join('; ')}`);
  const idle = await idleRate(server.process.pid);
  const figures: StartFigures = { latencies: [], cpu: [] };
  for (let q = 1; q <= QUESTION_STARTS; q++) {
    await pause(SETTLE_MS);
    const start = () =>
      void moderator.request('ma', { quiz: show.quizId, round: Math.ceil(q / 10), question: ((q - 1) % 10) + 1 });
    const started = await timedFanOut(pool, server.process.pid, idle, '"qa"', start);
    figures.latencies.push(...started.latencies);
    figures.cpu.push(started.cpu);
    await pool.fanOut('"qn"', () => void moderator.request('mn'));
  }
  await pool.stop();
  return figures;
}

async function main(): Promise<void> {
  console.log(`bench:ws — ${PLAYERS} players in teams of 4, over loopback (${describePlacement(where)})\n`);
  const show = await seedShow({ players: PLAYERS, inTeams: true });
  try {
    const raw = await startRawServer({ cpus: where.serverCpus, heapProbe: true });
    const rawSide = await connectMeasured(raw, show, true);
    const control = await LeanPlayer.connect(`${raw.wsUrl}control`, HANDSHAKE_TIMEOUT_MS);

    const server = await startServer({
      dataDir: show.dataDir,
      jwtSecret: JWT_SECRET,
      cpus: where.serverCpus,
      heapProbe: true,
    });
    const ours = await connectMeasured(server, show, false);
    const moderator = await LeanPlayer.connect(server.wsUrl, HANDSHAKE_TIMEOUT_MS);
    if (!(await moderator.request('sa', { token: show.moderatorToken })).success)
      throw new Error('the moderator could not log in');
    console.log(`  ${PLAYERS} clients connected to each server`);

    // Question starts and raw broadcasts of the same frame take turns, so both meet the same machine.
    const [ourIdle, rawIdle] = [await idleRate(server.process.pid), await idleRate(raw.process.pid)];
    const starts: number[] = [];
    const rawLatencies: number[] = [];
    const startsRightAfterEnd: number[] = [];
    const startCpu: number[] = [];
    const rawCpu: number[] = [];
    let startFrame = '';
    for (let q = 1; q <= 2 * QUESTION_STARTS; q++) {
      const settled = q <= QUESTION_STARTS;
      if (settled) await pause(SETTLE_MS);
      const start = () =>
        void moderator.request('ma', { quiz: show.quizId, round: Math.ceil(q / 10), question: ((q - 1) % 10) + 1 });
      const started = await timedFanOut(ours.pool, server.process.pid, ourIdle, '"qa"', start);
      (settled ? starts : startsRightAfterEnd).push(...started.latencies);
      if (settled) startCpu.push(started.cpu);
      if (settled) windows.ours.push(started.window);
      startFrame ||= started.frame; // the raw server broadcasts the frame the players got
      if (settled) {
        await pause(SETTLE_MS);
        const broadcast = await timedFanOut(rawSide.pool, raw.process.pid, rawIdle, '"qa"', () =>
          control.socket.send(startFrame),
        );
        rawLatencies.push(...broadcast.latencies);
        rawCpu.push(broadcast.cpu);
        windows.raw.push(broadcast.window);
      }
      await ours.pool.fanOut('"qn"', () => void moderator.request('mn'));
    }
    await rawSide.pool.stop();
    control.terminate();
    await raw.process.stop();
    if (process.env.BENCH_PROFILE_DIR) {
      await writeFile(
        path.join(process.env.BENCH_PROFILE_DIR, `question-starts-${server.process.pid}.json`),
        JSON.stringify(windows.ours),
      );
      await writeFile(
        path.join(process.env.BENCH_PROFILE_DIR, `raw-broadcasts-${raw.process.pid}.json`),
        JSON.stringify(windows.raw),
      );
      console.log(
        `  profiles: ours pid ${server.process.pid}, raw pid ${raw.process.pid}; node dist-bench/test/bench/profile-windows.js <profile> <windows>`,
      );
    }
    await ours.pool.fanOut('"qa"', () => void moderator.request('ma', { quiz: show.quizId, round: 3, question: 1 }));

    const proposals: number[] = [];
    for (let wave = 0; wave < 3; wave++) proposals.push(...(await ours.pool.all({ op: 'propose', wave })).times);
    const groupAcks =
      (await ours.pool.all({ op: 'acks', seconds: THROUGHPUT_SECONDS })).times.reduce((a, b) => a + b, 0) /
      THROUGHPUT_SECONDS;
    await ours.pool.stop();
    let overlays: StartFigures | null = null;
    if (OVERLAYS) {
      if (!(await moderator.request('mn')).success) throw new Error('the question could not be ended');
      overlays = await overlayStarts(server, show, moderator, PLAYERS);
    }
    moderator.terminate();
    await server.process.stop();

    let singleAcks: number | null = null;
    if (WITHOUT_GROUP_COMMIT) {
      const single = await startServer({
        dataDir: show.dataDir,
        jwtSecret: JWT_SECRET,
        cpus: where.serverCpus,
        env: { COMMAND_BATCH_MAX: '1' },
      });
      const pool = await ClientPool.start({
        ...where,
        cpus: where.clientCpus,
        url: single.wsUrl,
        raw: false,
        handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
        players: show.players,
      });
      await pool.all({ op: 'connect', inFlight: 200, maxAttempts: 5 });
      singleAcks =
        (await pool.all({ op: 'acks', seconds: THROUGHPUT_SECONDS })).times.reduce((a, b) => a + b, 0) /
        THROUGHPUT_SECONDS;
      await pool.stop();
      await single.process.stop();
    }

    const s = percentiles(starts);
    const r = percentiles(rawLatencies);
    const b = percentiles(startsRightAfterEnd);
    const p = percentiles(proposals);
    const later = PLAYERS - Math.round(PLAYERS / 4);
    const perSocketKb = (c: Connected, of: (h: HeapFigures) => number) => (of(c.all) - of(c.quarter)) / later / 1024;
    const [heapOurs, heapRaw] = [perSocketKb(ours, heapBytes), perSocketKb(rawSide, heapBytes)];
    const [rssOurs, rssRaw] = [perSocketKb(ours, (h) => h.rss), perSocketKb(rawSide, (h) => h.rss)];
    const mean = (values: number[]) => values.reduce((a, c) => a + c, 0) / values.length;
    const [cpuOurs, cpuRaw] = [mean(startCpu) * 1000, mean(rawCpu) * 1000];
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    printTable(
      ['measure', 'ours', 'raw ws', 'ratio', 'note'],
      [
        [
          'heap per connection',
          `${heapOurs.toFixed(1)} KB`,
          `${heapRaw.toFixed(1)} KB`,
          ratio(heapOurs, heapRaw),
          `heap used + external after GC, ${mb(heapBytes(ours.quarter))} → ${mb(heapBytes(ours.all))} MB for the last ${later}; goal ≤ 15 KB`,
        ],
        [
          'RSS per connection',
          `${rssOurs.toFixed(1)} KB`,
          `${rssRaw.toFixed(1)} KB`,
          ratio(rssOurs, rssRaw),
          `RSS ${mb(ours.quarter.rss)} → ${mb(ours.all.rss)} MB`,
        ],
        [
          'question start → every player (p50 / p99)',
          `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} ms`,
          `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms`,
          `${ratio(s.p50, r.p50)} / ${ratio(s.p99, r.p99)}`,
          `${starts.length} deliveries, ${startFrame.length} bytes per frame; target p99 ≤ 150 ms`,
        ],
        [
          'server CPU per question start',
          `${cpuOurs.toFixed(1)} ms`,
          `${cpuRaw.toFixed(1)} ms`,
          ratio(cpuOurs, cpuRaw),
          `mean of ${QUESTION_STARTS} (raw: a broadcast of the same frame), idle CPU taken out; goal ≤ 1.3`,
        ],
        [
          'question start the moment the last one ended (p50 / p99)',
          `${b.p50.toFixed(1)} / ${b.p99.toFixed(1)} ms`,
          '',
          `${ratio(b.p50, r.p50)} / ${ratio(b.p99, r.p99)}`,
          'no pause after the previous end',
        ],
        [
          'proposal → team mates (p50 / p99)',
          `${p.p50.toFixed(1)} / ${p.p99.toFixed(1)} ms`,
          '',
          '',
          `${proposals.length} deliveries, all teams at once`,
        ],
        [
          'acknowledged commands/s, group commit',
          groupAcks.toFixed(0),
          '',
          singleAcks === null ? '' : ratio(groupAcks, singleAcks),
          singleAcks === null
            ? 'target ≥ 3,000'
            : `without group commit (COMMAND_BATCH_MAX=1): ${singleAcks.toFixed(0)}/s`,
        ],
      ],
    );
    if (overlays) {
      const o = percentiles(overlays.latencies);
      const cpuOverlays = mean(overlays.cpu) * 1000;
      console.log('');
      printTable(
        ['measure', `${PLAYERS} overlay pages`, `${PLAYERS} players`, 'ratio', 'note'],
        [
          [
            'server CPU per question start',
            `${cpuOverlays.toFixed(1)} ms`,
            `${cpuOurs.toFixed(1)} ms`,
            ratio(cpuOverlays, cpuOurs),
            `mean of ${QUESTION_STARTS} each, idle CPU taken out; goal ≤ 1 (an overlay page costs no more than a player)`,
          ],
          [
            'question start → every client (p50 / p99)',
            `${o.p50.toFixed(1)} / ${o.p99.toFixed(1)} ms`,
            `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} ms`,
            `${ratio(o.p50, s.p50)} / ${ratio(o.p99, s.p99)}`,
            `${overlays.latencies.length} deliveries`,
          ],
        ],
      );
    }
  } finally {
    await rm(show.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
