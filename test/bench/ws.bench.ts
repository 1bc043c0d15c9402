/**
 * npm run bench:ws [-- --players 2000]
 *
 * Starts the real server (a child process on a fresh embedded store, seeded with one team per four
 * players through the real deciders) and N simulated players over loopback, then prints:
 *  - question start → every player's push (p50/p99), against a bare `ws` broadcast of the same frame
 *    to as many clients of a second process (the two take turns); timed after a short pause, and,
 *    for comparison, the moment the previous question ended;
 *  - proposal → the push at the proposer's team mates (p50/p99);
 *  - sustained acknowledged commands/s with group commit, and without it (COMMAND_BATCH_MAX=1);
 *  - server RSS per connection (from a quarter to all players connected, so start-up garbage does not count).
 * BENCH_PROFILE_DIR=<dir> writes a CPU profile of each server process there.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import WebSocket from 'ws';
import type { QuizShowEvent } from '../../events';
import { toStored } from '../../src/engine/stored-events';
import { nameBasedUuid } from '../../src/store/event-ids';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { VISITOR, World } from '../support/world';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PLAYERS = option('players', 2000);
const PER_TEAM = 4;
const TEAMS = Math.ceil(PLAYERS / PER_TEAM);
const QUESTION_STARTS = option('starts', 5);
const THROUGHPUT_SECONDS = option('seconds', 5);
const SECRET = 'bench-secret';
const root = path.resolve(__dirname, '../../..');

interface Seeded {
  dataDir: string;
  quizId: string;
  moderatorId: string;
  teams: Array<{ teamId: string; members: string[] }>;
}

/** The night's cast, decided by the real engine and appended to the store the server will open. */
async function seed(): Promise<Seeded> {
  const world = new World();
  world.newId = randomUUID;
  const appends: Array<{ stream: string; events: QuizShowEvent[] }> = [];
  const run = (command: Parameters<World['run']>[0], actor: Parameters<World['run']>[1]) => {
    const decision = world.run(command, actor);
    if (!decision.ok) throw new Error(`${command.type}: ${decision.message}`);
    appends.push({ stream: decision.stream, events: decision.events });
    return decision.events;
  };
  const logBefore = world.log.length;
  const moderatorId = world.addUser('moderatorin', ['moderator', 'tester']);
  appends.push({ stream: `user-${moderatorId}`, events: world.log.slice(logBefore) });
  const teams: Seeded['teams'] = [];
  for (let t = 0; t < TEAMS; t++) {
    const members: string[] = [];
    let teamId = '';
    for (let m = 0; m < PER_TEAM && teams.length * PER_TEAM + m < PLAYERS; m++) {
      const [registered] = run({ type: 'RegisterUser', login: `spieler-${t}-${m}`, password: 'pw' }, VISITOR);
      const userId = (registered!.data as { userId: string }).userId;
      if (m === 0) {
        const [created] = run({ type: 'CreateTeam', name: `Team ${t}`, password: 'pw', stadt: 'Köln', beschreibung: 'Bench' }, world.as(userId));
        teamId = (created!.data as { teamId: string }).teamId;
      } else {
        run({ type: 'JoinTeam', id: teamId, password: 'pw', passwordOk: true }, world.as(userId));
      }
      members.push(userId);
    }
    teams.push({ teamId, members });
  }
  const questions = Array.from({ length: 20 }, (_, i) => ({ type: 'normal', round: 1, number: i + 1, question: `Frage ${i + 1}?`, answer: `A${i + 1}` }));
  const [quiz] = run({ type: 'CreateQuiz', name: 'Bench', yearWeek: '2026-47', content: questions }, world.as(moderatorId));

  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-ws-'));
  const db = await PgliteDatabase.open(path.join(dataDir, 'pglite'));
  const store = await SqlEventStore.open(db);
  for (const { stream, events } of appends) {
    // World's ids are readable strings; the store wants UUIDs, derived from them.
    await store.append(stream, events.map((e) => ({ ...toStored(e), id: nameBasedUuid(e.metadata.eventId, 0) })), 'any');
  }
  await store.close();
  await db.close();
  return { dataDir, quizId: (quiz!.data as { quizId: string }).quizId, moderatorId, teams };
}

function startProcess(command: string[], env: Record<string, string>, ready: (line: string) => boolean): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
    const child = spawn(process.execPath, [...profile, ...command], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (ready(output)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code}: ${output}`)));
  });
}

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
}

/** A lean player: it keeps no views, it only notices the frames a measurement waits for. */
class Player {
  private nextId = 1;
  private readonly replies = new Map<number, (content: { success: boolean }) => void>();
  onFrame: ((raw: string, at: number) => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const at = performance.now();
      const raw = data.toString();
      if (raw.startsWith('{"type":"reply"')) {
        const frame = JSON.parse(raw) as { replyTo: number; content: { success: boolean } };
        this.replies.get(frame.replyTo)?.(frame.content);
        this.replies.delete(frame.replyTo);
        return;
      }
      this.onFrame?.(raw, at);
    });
  }

  static connect(url: string): Promise<Player> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      socket.once('open', () => resolve(new Player(socket)));
      socket.once('error', reject);
    });
  }

  request(type: string, content: Record<string, unknown> = {}): Promise<{ success: boolean; message?: string } & Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.replies.set(id, resolve as (c: { success: boolean }) => void);
      this.socket.send(JSON.stringify({ type, id, content }));
    });
  }
}

function tokenFor(userId: string, perm: string[] = []): string {
  return jwt.sign({ id: userId, perm, exp: Math.floor(Date.now() / 1000) + 3600 }, SECRET, { algorithm: 'HS256' });
}

function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * A pause before each timed question start, so that it measures the start and not the tail of the
 * previous question's end (every team's locked-in answer is still being pushed then).
 */
const SETTLE_MS = 300;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** Time from `send()` until each listed player saw a frame containing `marker`, and the first player's frame. */
function measureFanOut(players: Player[], marker: string, send: () => void): Promise<{ latencies: number[]; frame: string }> {
  return new Promise((resolve) => {
    const latencies: number[] = [];
    let frame = '';
    const started = performance.now();
    players.forEach((player, i) => {
      player.onFrame = (raw, at) => {
        if (!raw.includes(marker)) return;
        player.onFrame = null;
        if (i === 0) frame = raw;
        latencies.push(at - started);
        if (latencies.length === players.length) resolve({ latencies, frame });
      };
    });
    send();
  });
}

interface ServerRun {
  server: ChildProcess;
  url: string;
  moderator: Player;
  players: Player[];
  teams: Array<{ members: Player[] }>;
}

/** Port 0: the OS picks a free one (a random pick may collide with the clients' own ephemeral ports). */
async function startServer(seeded: Seeded, batchMax: number): Promise<{ server: ChildProcess; port: number }> {
  let port = 0;
  const server = await startProcess(['dist/src/main.js'], {
    PORT: '0', HOST: '127.0.0.1', DATA_DIR: seeded.dataDir, JWT_SECRET: SECRET, ADMIN_PASSWORD: 'bench', COMMAND_BATCH_MAX: String(batchMax),
  }, (out) => {
    const match = /Quiz-Show läuft: http:\/\/localhost:(\d+)/.exec(out);
    if (match) port = Number(match[1]);
    return match !== null;
  });
  return { server, port };
}

/** `afterFirstQuarter` runs once a quarter of the players are connected (the RSS measurement's start). */
async function connectPlayers(server: ChildProcess, seeded: Seeded, port: number, afterFirstQuarter?: () => Promise<void>): Promise<ServerRun> {
  const url = `ws://127.0.0.1:${port}/ws`;
  const moderator = await Player.connect(url);
  await moderator.request('sa', { token: tokenFor(seeded.moderatorId, ['moderator']) });
  const teams: ServerRun['teams'] = seeded.teams.map(() => ({ members: [] }));
  const players: Player[] = [];
  const cast = seeded.teams.flatMap((team, t) => team.members.map((userId) => ({ userId, t })));
  const connect = async ({ userId, t }: { userId: string; t: number }) => {
    const player = await Player.connect(url);
    const auth = await player.request('sa', { token: tokenFor(userId) });
    if (!auth.success) throw new Error(`sa failed: ${auth.message}`);
    await player.request('sg');
    teams[t]!.members.push(player);
    players.push(player);
  };
  const quarter = Math.floor(cast.length / 4);
  await inBatches(cast.slice(0, quarter), 100, connect);
  await afterFirstQuarter?.();
  await inBatches(cast.slice(quarter), 100, connect);
  return { server, url, moderator, players, teams };
}

async function stopServer(run: ServerRun): Promise<void> {
  for (const player of [run.moderator, ...run.players]) player.socket.terminate();
  const exited = new Promise((resolve) => run.server.once('exit', resolve));
  run.server.kill('SIGTERM');
  await exited;
}

/** Each player keeps one star toggle in flight for the given time; acknowledged commands per second. */
async function sustainedAcks(run: ServerRun, seconds: number): Promise<number> {
  let acks = 0;
  let running = true;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(run.players.map(async (player) => {
    while (running && performance.now() < deadline) {
      const reply = await player.request('gs', { number: 1 });
      if (reply.success) acks++;
    }
  }));
  running = false;
  return acks / seconds;
}

async function main(): Promise<void> {
  console.log(`bench:ws — ${PLAYERS} players in ${TEAMS} teams of ${PER_TEAM}, over loopback\n`);
  const seeded = await seed();
  // Baseline first: a bare ws server that broadcasts whatever its control socket sends to as many clients.
  let rawPort = 0;
  const raw = await startProcess(['dist/test/bench/raw-broadcast-server.js'], { PORT: '0' }, (out) => {
    const match = /listening (\d+)/.exec(out);
    if (match) rawPort = Number(match[1]);
    return match !== null;
  });
  const rawClients: Player[] = [];
  await inBatches(Array.from({ length: PLAYERS }, (_, i) => i), 100, async () => void rawClients.push(await Player.connect(`ws://127.0.0.1:${rawPort}/`)));
  const control = await Player.connect(`ws://127.0.0.1:${rawPort}/control`);

  // The server with group commit (the default). RSS per connection: from a quarter to all players connected.
  let { server, port } = await startServer(seeded, 500);
  let quarterRss = 0;
  let run = await connectPlayers(server, seeded, port, async () => { quarterRss = await rssKb(server.pid!); });
  const connectedRss = await rssKb(server.pid!);

  // Question starts and raw broadcasts of the same frame take turns, so both meet the same machine.
  const starts: number[] = [];
  const rawLatencies: number[] = [];
  const startsRightAfterEnd: number[] = [];
  let startFrame = '';
  for (let q = 1; q <= 2 * QUESTION_STARTS; q++) {
    const settled = q <= QUESTION_STARTS;
    if (settled) await settle();
    const started = await measureFanOut(run.players, '"qa"', () => void run.moderator.request('ma', { quiz: seeded.quizId, round: 1, question: q }));
    (settled ? starts : startsRightAfterEnd).push(...started.latencies);
    startFrame ||= started.frame;
    if (settled) {
      await settle();
      rawLatencies.push(...(await measureFanOut(rawClients, '"qa"', () => control.socket.send(startFrame))).latencies);
    }
    await measureFanOut(run.players, '"qn"', () => void run.moderator.request('mn'));
  }
  for (const c of [...rawClients, control]) c.socket.terminate();
  raw.kill('SIGTERM');
  await measureFanOut(run.players, '"qa"', () => void run.moderator.request('ma', { quiz: seeded.quizId, round: 1, question: 2 * QUESTION_STARTS + 1 }));

  const proposals: number[] = [];
  const teamsWithMates = run.teams.filter((t) => t.members.length > 1);
  for (let wave = 0; wave < 3; wave++) {
    await Promise.all(teamsWithMates.map(async (team, t) => {
      const marker = `vorschlag-${wave}-${t}"`;
      const { latencies } = await measureFanOut(team.members.slice(1), marker, () => void team.members[0]!.request('gp', { message: marker.slice(0, -1) }));
      proposals.push(...latencies);
    }));
  }
  const groupAcks = await sustainedAcks(run, THROUGHPUT_SECONDS);
  await stopServer(run);

  // The same load without group commit.
  ({ server, port } = await startServer(seeded, 1));
  run = await connectPlayers(server, seeded, port);
  const singleAcks = await sustainedAcks(run, THROUGHPUT_SECONDS);
  await stopServer(run);
  await rm(seeded.dataDir, { recursive: true, force: true });

  const s = percentiles(starts);
  const r = percentiles(rawLatencies);
  const b = percentiles(startsRightAfterEnd);
  const p = percentiles(proposals);
  const laterPlayers = PLAYERS - Math.floor(PLAYERS / 4);
  const perConnectionKb = (connectedRss - quarterRss) / laterPlayers;
  const rows = [
    ['question start → every player (p50 / p99)', `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} ms`, `${starts.length} deliveries; target p99 ≤ 150 ms`],
    ['raw ws broadcast of the same frame (p50 / p99)', `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms`, `${startFrame.length} bytes per frame`],
    ['ratio server / raw (p50 / p99)', `${(s.p50 / r.p50).toFixed(2)} / ${(s.p99 / r.p99).toFixed(2)}`, 'target ≤ 1.5'],
    ['question start the moment the last one ended (p50 / p99)', `${b.p50.toFixed(1)} / ${b.p99.toFixed(1)} ms`,
      `ratio to raw ${(b.p50 / r.p50).toFixed(2)} / ${(b.p99 / r.p99).toFixed(2)}; no pause after the previous end`],
    ['proposal → team mates (p50 / p99)', `${p.p50.toFixed(1)} / ${p.p99.toFixed(1)} ms`, `${proposals.length} deliveries, all teams at once`],
    ['acknowledged commands/s, group commit', groupAcks.toFixed(0), 'target ≥ 3,000'],
    ['acknowledged commands/s, without group commit', singleAcks.toFixed(0), 'COMMAND_BATCH_MAX=1'],
    ['server RSS per connection', `${perConnectionKb.toFixed(1)} KB`, `RSS ${(quarterRss / 1024).toFixed(0)} → ${(connectedRss / 1024).toFixed(0)} MB for the last ${laterPlayers} players; target ≤ 40 KB`],
  ];
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((row) => row[c]!.length), 7));
  console.log(`| ${['measure', 'figure', 'note'].map((h, c) => h.padEnd(widths[c]!)).join(' | ')} |`);
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(`| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
