/**
 * npm run bench:show-start [-- --players 2000 --arrive-within 10 --scenarios returning,fresh --server-cpus 0 --client-cpus 1 --workers 4 --client-nice 10]
 *
 * The first minute of a show (issue 34): N players (teams of four) arrive within `--arrive-within`
 * seconds, the members of a team within a second of each other, as phones do at 20:00. Each scenario
 * on a fresh server:
 *  - returning: last week's audience. Their tokens are 8 days old (renewed on `sa`), they are in their
 *    teams already: connect, `sa`, `sg`.
 *  - fresh: nobody has a token. Each logs in with a password over HTTP, connects, and joins its team
 *    with the team's password (`gj`): one argon2 hash per login, one per team (members share it).
 * Then the moderator starts the first question and every player must see it. Answers with an
 * appointment of the hashing queue are kept as the web app keeps them (resent then, with the ticket or
 * the same commandId). Printed beside them, from the same run: the same arrivals against a raw `ws`
 * server (connect only), and the machine's hash rate (hash-rate.ts, pinned like the server).
 */
import { rm } from 'node:fs/promises';
import { describePlacement, numberFlag, percentiles, placement, printTable, stringFlag } from './support/cli';
import { ClientPool, type PoolResult } from './support/client-pool';
import { LeanPlayer, now } from './support/lean-player';
import {
  cpuByThread,
  cpuSeconds,
  machineIdleSeconds,
  measureHashOnly,
  projectionsCaughtUp,
  startRawServer,
  startServer,
  type HashOnly,
  type ThreadSplit,
} from './support/processes';
import { JWT_SECRET, PLAYER_PASSWORD, seedShow, TEAM_PASSWORD, type CastMember } from './support/seed';
import { availableParallelism } from 'node:os';

const where = placement();
const PLAYERS = numberFlag('players', 2000);
const WINDOW_MS = numberFlag('arrive-within', 10) * 1000;
const SCENARIOS = stringFlag('scenarios', 'returning,fresh').split(',') as Array<'returning' | 'fresh'>;
const HANDSHAKE_TIMEOUT_MS = numberFlag('handshake-timeout', 15_000);
const HASHES = numberFlag('hashes', 150);
const CORES = availableParallelism();
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - now())));

/** Members of one team arrive within this of each other. */
const TEAM_SPREAD_MS = 1000;
/** The workers get the start moment this far ahead, so that every one of them has scheduled its players. */
const LEAD_MS = 1500;

/** Arrival moments: each team at an evenly spread quasi-random moment of the window, its members around it. */
function withArrivals(players: CastMember[]): Array<CastMember & { arriveAfterMs: number }> {
  const teams = [...new Set(players.map((p) => p.teamId))];
  const teamMoment = new Map(
    teams.map((teamId, i) => [teamId, ((i * 0.6180339887) % 1) * Math.max(0, WINDOW_MS - TEAM_SPREAD_MS)]),
  );
  return players.map((p, i) => ({
    ...p,
    arriveAfterMs: Math.round(
      teamMoment.get(p.teamId)! + ((i * 0.7548776662) % 1) * Math.min(TEAM_SPREAD_MS, WINDOW_MS),
    ),
  }));
}

async function hashing(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Object.fromEntries(
    [...text.matchAll(/^quiz_password_hashing\{figure="(\w+)"\} (\d+)/gm)].map(([, figure, value]) => [
      figure!,
      Number(value),
    ]),
  );
}
const hashesDone = async (url: string) => (await hashing(url)).done ?? NaN;

const hashRate = () => measureHashOnly(HASHES, where.serverCpus);

const perHash = (h: HashOnly) =>
  h.cpuMsPerHash === null
    ? 'CPU per hash –'
    : `${h.cpuMsPerHash.toFixed(2)} ms of CPU per hash (kernel ${h.systemMsPerHash!.toFixed(2)})`;

interface Outcome {
  scenario: string;
  arrived: PoolResult;
  /** Seconds from the window's opening until the last player was in (and joined). */
  allIn: number;
  /** Seconds from the window's opening until every player had the first question. */
  onQuestion: number | null;
  hashes: number;
  serverCpu: number;
  /** Where the machine's CPU went from the window's opening until all were in (fresh and returning). */
  split?: CpuSplit;
}

interface CpuSnapshot {
  at: number;
  server: ThreadSplit;
  clients: number;
  idle: number;
}

/** The server's threads' figures (ThreadSplit) over the surge, beside the clients' CPU and the machine's idle time. */
interface CpuSplit extends ThreadSplit {
  seconds: number;
  /** The share of the time the hashing threads were hashing (the queue's busyMs): 1 when the line never let them idle. */
  hashingBusy?: number;
  clients: number;
  idle: number;
}

async function cpuSnapshot(serverPid: number, clientPids: number[]): Promise<CpuSnapshot> {
  const [server, clients, idle] = await Promise.all([
    cpuByThread(serverPid),
    Promise.all(clientPids.map((pid) => cpuSeconds(pid))),
    machineIdleSeconds(),
  ]);
  return { at: now(), server, clients: clients.reduce((a, b) => a + b, 0), idle };
}

function cpuSplit(a: CpuSnapshot, b: CpuSnapshot): CpuSplit {
  const server = Object.fromEntries(
    Object.entries(b.server).map(([figure, value]) => [figure, value - a.server[figure as keyof ThreadSplit]]),
  ) as unknown as ThreadSplit;
  return { seconds: (b.at - a.at) / 1000, ...server, clients: b.clients - a.clients, idle: b.idle - a.idle };
}

async function rawConnects(players: Array<CastMember & { arriveAfterMs: number }>): Promise<Outcome> {
  const raw = await startRawServer({ cpus: where.serverCpus });
  const pool = await ClientPool.start({
    ...where,
    cpus: where.clientCpus,
    url: raw.wsUrl,
    raw: true,
    handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    players,
  });
  try {
    const cpu0 = await cpuSeconds(raw.process.pid);
    const startAt = now() + LEAD_MS;
    const arrived = await pool.all({
      op: 'arrive',
      mode: 'raw',
      startAt,
      baseUrl: raw.url,
      password: '',
      teamPassword: '',
    });
    return {
      scenario: 'raw ws',
      arrived,
      allIn: (Math.max(...arrived.times) - startAt) / 1000,
      onQuestion: null,
      hashes: 0,
      serverCpu: (await cpuSeconds(raw.process.pid)) - cpu0,
    };
  } finally {
    await pool.stop();
    await raw.process.stop();
  }
}

async function scenario(name: 'returning' | 'fresh'): Promise<Outcome> {
  const show = await seedShow({
    players: PLAYERS,
    inTeams: name === 'returning',
    credentials: name === 'fresh',
    tokenAgeDays: 8,
  });
  try {
    const players = withArrivals(show.players);
    const server = await startServer({
      dataDir: show.dataDir,
      jwtSecret: JWT_SECRET,
      cpus: where.serverCpus,
      env: { TRUST_PROXY: 'loopback' },
    }); // logins from their own addresses (client-worker.ts)
    // Last week's registrations are in the read models before the doors open, as at a real show (the seed wrote only the log).
    await projectionsCaughtUp(server.url);
    const pool = await ClientPool.start({
      ...where,
      cpus: where.clientCpus,
      url: server.wsUrl,
      raw: false,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
      players,
    });
    const moderator = await LeanPlayer.connect(server.wsUrl, HANDSHAKE_TIMEOUT_MS);
    try {
      if (!(await moderator.request('sa', { token: show.moderatorToken })).success)
        throw new Error('the moderator could not log in');
      const [hashes0, cpu0] = [await hashesDone(server.url), await cpuSeconds(server.process.pid)];
      const startAt = now() + LEAD_MS;
      const beforeSurge = sleepUntil(startAt).then(async () => ({
        cpu: await cpuSnapshot(server.process.pid, pool.pids),
        hashing: await hashing(server.url),
      }));
      const watching = setInterval(() => {
        void hashing(server.url).then(
          (f) => console.log(`    ${((now() - startAt) / 1000).toFixed(0)} s: ${JSON.stringify(f)}`),
          () => undefined,
        );
      }, 5000);
      const arrived = await pool
        .all({
          op: 'arrive',
          mode: name,
          startAt,
          baseUrl: server.url,
          password: PLAYER_PASSWORD,
          teamPassword: TEAM_PASSWORD,
        })
        .finally(() => clearInterval(watching));
      const allInAt = Math.max(...arrived.times);
      const [before, after] = [
        await beforeSurge,
        { cpu: await cpuSnapshot(server.process.pid, pool.pids), hashing: await hashing(server.url) },
      ];
      const split = {
        ...cpuSplit(before.cpu, after.cpu),
        hashingBusy:
          (after.hashing.busyMs! - before.hashing.busyMs!) / (after.hashing.threads! * (after.cpu.at - before.cpu.at)),
      };
      const [hashes1, cpu1] = [await hashesDone(server.url), await cpuSeconds(server.process.pid)];
      let onQuestion: number | null = null;
      if (arrived.lost === 0) {
        const firedAt = now();
        const { latencies, missing } = await pool.fanOut(
          '"qa"',
          () => void moderator.request('ma', { quiz: show.quizId, round: 1, question: 1 }),
        );
        if (missing === 0) onQuestion = (firedAt + Math.max(...latencies) - startAt) / 1000;
      }
      return {
        scenario: name,
        arrived,
        allIn: (allInAt - startAt) / 1000,
        onQuestion,
        hashes: hashes1 - hashes0,
        serverCpu: cpu1 - cpu0,
        split,
      };
    } finally {
      moderator.terminate();
      await pool.stop();
      await server.process.stop();
    }
  } finally {
    await rm(show.dataDir, { recursive: true, force: true });
  }
}

const ms = (values: number[] | undefined) => {
  if (!values || values.length === 0) return '–';
  const { p50 } = percentiles(values);
  const sorted = [...values].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;
  return `${Math.round(p50)} / ${Math.round(p95)}`;
};

async function main(): Promise<void> {
  console.log(
    `bench:show-start — ${PLAYERS} players in teams of 4 arriving within ${WINDOW_MS / 1000} s, over loopback (${describePlacement(where)})\n`,
  );
  const outcomes: Outcome[] = [];
  // The raw server knows nobody: the same arrivals by team, no accounts.
  const rawPlayers = Array.from({ length: PLAYERS }, (_, i) => ({
    userId: `raw-${i}`,
    teamId: `team-${Math.floor(i / 4)}`,
    token: '',
    login: '',
  }));
  outcomes.push(await rawConnects(withArrivals(rawPlayers)));
  console.log(`  raw ws: all ${PLAYERS} connected ${outcomes[0]!.allIn.toFixed(2)} s after the window opened`);
  const hashOnlyBefore = await hashRate();
  const rateBefore = hashOnlyBefore.hashesPerSecond;
  console.log(`  hash-only: ${rateBefore.toFixed(1)} hashes/s, ${perHash(hashOnlyBefore)}`);
  for (const name of SCENARIOS) {
    const outcome = await scenario(name);
    outcomes.push(outcome);
    console.log(
      `  ${name}: all in ${outcome.allIn.toFixed(2)} s, on the first question ${outcome.onQuestion?.toFixed(2) ?? '–'} s; ${outcome.arrived.lost} lost`,
    );
    for (const m of outcome.arrived.messages) console.log(`    ${m}`);
    const resent = outcome.arrived.counts?.resentOnClosedConnection ?? 0;
    if (resent > 0)
      console.log(
        `    ${resent} logins sent again on a new connection (the server had closed the kept-alive one as idle; a browser does the same)`,
      );
  }
  const hashOnlyAfter = await hashRate();
  const rateAfter = hashOnlyAfter.hashesPerSecond;
  console.log(`  hash-only again: ${rateAfter.toFixed(1)} hashes/s, ${perHash(hashOnlyAfter)}\n`);
  const rate = (rateBefore + rateAfter) / 2;
  printTable(
    [
      'run',
      'all in (and joined), s',
      'first question at everyone, s',
      'connect + sa + sg p50 / p95, ms',
      'login p50 / p95, ms',
      'join p50 / p95, ms',
      'appointments: login / join',
      'lost',
      'tokens renewed',
      'hashes',
      'hashes/s during the surge (of hash-only)',
      'server CPU, s',
    ],
    outcomes.map((o) => {
      const counts = o.arrived.counts ?? {};
      const surgeRate = o.hashes / o.allIn;
      return [
        o.scenario,
        o.allIn.toFixed(2),
        o.onQuestion?.toFixed(2) ?? '–',
        ms(o.arrived.samples?.connect),
        ms(o.arrived.samples?.login),
        ms(o.arrived.samples?.join),
        `${counts.loginAppointments ?? 0} / ${counts.joinAppointments ?? 0}`,
        String(o.arrived.lost),
        String(counts.renewedTokens ?? 0),
        String(o.hashes),
        o.hashes > 0 ? `${surgeRate.toFixed(1)} (${((100 * surgeRate) / rate).toFixed(0)} %)` : '–',
        o.serverCpu.toFixed(1),
      ];
    }),
  );
  console.log(`\nWhere the CPU went from the window's opening until all were in (seconds of CPU; ${CORES} cores):`);
  for (const o of outcomes) {
    const c = o.split;
    if (!c) continue;
    const share = (seconds: number) =>
      `${seconds.toFixed(1)} (${((100 * seconds) / c.seconds).toFixed(0)} % of a core)`;
    const busy =
      c.hashingBusy === undefined || o.hashes === 0
        ? ''
        : `hashing threads busy ${(100 * c.hashingBusy).toFixed(0)} % of the time; `;
    const hashing =
      o.hashes > 0 && c.pool > 0
        ? `\n    the hashing threads: ${((1000 * c.pool) / o.hashes).toFixed(2)} ms of CPU per hash (kernel ${((1000 * c.poolSystem) / o.hashes).toFixed(2)}; hash-only: ${perHash(hashOnlyBefore)}, ` +
          `then ${perHash(hashOnlyAfter)}), ready but waiting for a core ${share(c.poolWaiting)}`
        : '';
    console.log(
      `  ${o.scenario}, ${c.seconds.toFixed(1)} s: ${busy}server main thread ${share(c.main)}, hashing threads ${share(c.pool)}, V8 helpers ${share(c.v8)}, other ${share(c.other)}; ` +
        `clients ${share(c.clients)}; machine idle ${c.idle.toFixed(1)} of ${(CORES * c.seconds).toFixed(1)}${hashing}`,
    );
  }
  console.log(
    `\nhash-only (the machine's rate, the server's argon2 parameters and queue, pinned like the server): ${rateBefore.toFixed(1)} before, ${rateAfter.toFixed(1)} after the scenarios`,
  );
  console.log(
    '"all in": from the window opening until the last player was connected, authenticated, loaded and (fresh) joined; the window itself lasts ' +
      `${WINDOW_MS / 1000} s. Hashes/s during the surge: hashes done by the server over that time.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
