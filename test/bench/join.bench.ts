/**
 * npm run bench:join [-- --sizes 500,2000 --server-cpus 0 --client-cpus 1 --workers 4 --in-flight 0]
 *
 * How long N players take to connect, log in (sa with a token) and load their views (sg), and then
 * to join their teams (gj with the team's password, checked against its argon2 hash), for each N of
 * --sizes on a fresh server. Reference: the same clients connecting to a raw `ws` server. The goal
 * is that a join costs the same whatever the number of players: joins/s at the largest N over joins/s
 * at the smallest is printed as a ratio (1.0: no growth).
 */
import { rm } from 'node:fs/promises';
import { describePlacement, numberFlag, numberListFlag, placement, printTable, ratio } from './support/cli';
import { ClientPool, type PoolResult } from './support/client-pool';
import { cpuSeconds, startRawServer, startServer } from './support/processes';
import { JWT_SECRET, seedShow, TEAM_PASSWORD } from './support/seed';

const where = placement();
const SIZES = numberListFlag('sizes', [500, 2000]);
const IN_FLIGHT = numberFlag('in-flight', 0);
const HANDSHAKE_TIMEOUT_MS = numberFlag('handshake-timeout', 10_000);

/** Seconds from the phase's start until the last player was done. */
const span = (r: PoolResult) => (Math.max(...r.times) - r.startedAt) / 1000;

interface Row {
  players: number;
  rawConnect: number;
  /** CPU seconds of the server process (all its threads) per phase. */
  rawConnectCpu: number;
  connectCpu: number;
  joinCpu: number;
  connect: PoolResult;
  join: PoolResult;
}

async function measure(players: number): Promise<Row> {
  const show = await seedShow({ players, inTeams: false });
  try {
    const raw = await startRawServer({ cpus: where.serverCpus });
    const rawPool = await ClientPool.start({
      ...where,
      cpus: where.clientCpus,
      url: raw.wsUrl,
      raw: true,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
      players: show.players,
    });
    const rawCpu = await cpuSeconds(raw.process.pid);
    const rawConnect = await rawPool.all({ op: 'connect', inFlight: IN_FLIGHT, maxAttempts: 5 });
    const rawConnectCpu = (await cpuSeconds(raw.process.pid)) - rawCpu;
    await rawPool.stop();
    await raw.process.stop();

    const server = await startServer({ dataDir: show.dataDir, jwtSecret: JWT_SECRET, cpus: where.serverCpus });
    const pool = await ClientPool.start({
      ...where,
      cpus: where.clientCpus,
      url: server.wsUrl,
      raw: false,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
      players: show.players,
    });
    const cpu0 = await cpuSeconds(server.process.pid);
    const connect = await pool.all({ op: 'connect', inFlight: IN_FLIGHT, maxAttempts: 5 });
    const cpu1 = await cpuSeconds(server.process.pid);
    const join = await pool.all({ op: 'join', password: TEAM_PASSWORD });
    const cpu2 = await cpuSeconds(server.process.pid);
    await pool.stop();
    await server.process.stop();
    return {
      players,
      rawConnect: span(rawConnect),
      rawConnectCpu,
      connectCpu: cpu1 - cpu0,
      joinCpu: cpu2 - cpu1,
      connect,
      join,
    };
  } finally {
    await rm(show.dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`bench:join — ${SIZES.join(', ')} players, teams of 4, over loopback (${describePlacement(where)})\n`);
  const rows: Row[] = [];
  for (const players of SIZES) {
    const row = await measure(players);
    rows.push(row);
    console.log(`  ${players}: connect ${span(row.connect).toFixed(2)} s, joins ${span(row.join).toFixed(2)} s`);
    for (const m of [...row.connect.messages, ...row.join.messages]) console.log(`    ${m}`);
  }
  const joinsPerSecond = (r: Row) => r.join.times.length / span(r.join);
  const ms = (seconds: number, r: Row) => ((seconds * 1000) / r.players).toFixed(2);
  printTable(
    [
      'players',
      'connect + sa + sg, s',
      'raw ws connect, s',
      'ratio',
      'server CPU ms/player: ours / raw',
      'connect failures',
      'joins, s',
      'joins/s',
      'server CPU ms/join',
      'join failures',
    ],
    rows.map((r) => [
      String(r.players),
      span(r.connect).toFixed(2),
      r.rawConnect.toFixed(2),
      ratio(span(r.connect), r.rawConnect),
      `${ms(r.connectCpu, r)} / ${ms(r.rawConnectCpu, r)}`,
      `${r.connect.failures} (${r.connect.lost} lost)`,
      span(r.join).toFixed(2),
      joinsPerSecond(r).toFixed(0),
      ms(r.joinCpu, r),
      String(r.join.failures),
    ]),
  );
  if (rows.length > 1) {
    const [small, large] = [rows[0]!, rows[rows.length - 1]!];
    console.log(
      `\njoins/s at ${large.players} / joins/s at ${small.players}: ${ratio(joinsPerSecond(large), joinsPerSecond(small))} (goal: 1.0, a join costs the same whatever the number of players)`,
    );
    console.log(
      `server CPU per join at ${large.players} / at ${small.players}: ${ratio(large.joinCpu / large.players, small.joinCpu / small.players)} (goal: 1.0; CPU time is steadier than wall time on a shared machine)`,
    );
    console.log(
      `server CPU per connect at ${large.players} / at ${small.players}: ${ratio(large.connectCpu / large.players, small.connectCpu / small.players)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
