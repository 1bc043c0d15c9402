/**
 * npm run bench:cluster [-- --teams 200 --per-team 2 --seconds 60 --question-seconds 30 --database-url postgres://… --server-cpus 0 --client-cpus 1 --workers 4]
 *
 * Scale-out on one Postgres (a fresh database on the server of --database-url, else DATABASE_URL,
 * else the local one): N teams (seeded as events, tokens signed with the server's JWT_SECRET), every
 * player keeping one proposal (gp) in flight for --seconds (BENCH_SECONDS), first through one server
 * process, then through two (half the teams on each). A socket may send 20 frames a second; a team
 * that has entered its 300 proposals of the question takes stars instead (gs) until the next one.
 * The moderator starts the next question every --question-seconds (mn, ma), as a show does: each
 * change makes the other instance decide again what it had in flight (every proposal reads the
 * night's phase). Printed: acknowledged commands/s for one and for two instances, and how many
 * commands per 1,000 acknowledged were decided again because their append lost a race to the other
 * instance (the servers' quiz_commands_redecided_total: a stream of the consistency boundary moved,
 * or the target stream did).
 */
import { rm } from 'node:fs/promises';
import { freshDatabase } from '../support/fresh-database';
import { describePlacement, numberFlag, placement, printTable, ratio, stringFlag } from './support/cli';
import { ClientPool, type PoolResult } from './support/client-pool';
import { LeanPlayer } from './support/lean-player';
import { startServer, waitHealthy, type BenchServer } from './support/processes';
import { JWT_SECRET, QUESTIONS, seedShow, type CastMember, type SeededShow } from './support/seed';

const where = placement();
const TEAMS = numberFlag('teams', 200);
const PER_TEAM = numberFlag('per-team', 2);
const SECONDS = numberFlag('seconds', Number(process.env.BENCH_SECONDS ?? 60));
const QUESTION_SECONDS = numberFlag('question-seconds', 30);
const DATABASE_URL = stringFlag(
  'database-url',
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const HANDSHAKE_TIMEOUT_MS = 30_000;

interface Redecided {
  boundary: number;
  revision: number;
}

/** The server's quiz_commands_redecided_total by cause, from /metrics. */
async function redecided(server: BenchServer): Promise<Redecided> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const of = (cause: string) =>
    Number(new RegExp(`^quiz_commands_redecided_total\\{cause="${cause}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return { boundary: of('boundary'), revision: of('revision') };
}

async function redecidedOver(servers: BenchServer[], work: () => Promise<void>): Promise<Redecided> {
  const before = await Promise.all(servers.map(redecided));
  await work();
  const after = await Promise.all(servers.map(redecided));
  return {
    boundary: after.reduce((sum, r, i) => sum + r.boundary - before[i]!.boundary, 0),
    revision: after.reduce((sum, r, i) => sum + r.revision - before[i]!.revision, 0),
  };
}

interface Phase {
  instances: number;
  acknowledged: number;
  failures: number;
  messages: string[];
  redecided: Redecided;
}

async function connected(server: BenchServer, players: CastMember[]): Promise<ClientPool> {
  const pool = await ClientPool.start({
    ...where,
    workers: Math.max(1, Math.round(where.workers / 2)),
    cpus: where.clientCpus,
    url: server.wsUrl,
    raw: false,
    handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    players,
  });
  const connect = await pool.all({ op: 'connect', inFlight: 100, maxAttempts: 5 });
  if (connect.lost > 0) throw new Error(`${connect.lost} players could not connect: ${connect.messages.join('; ')}`);
  return pool;
}

/** Every pool proposes for SECONDS at once, the questions moving on; the re-decisions of every server meanwhile. */
async function proposing(servers: BenchServer[], pools: ClientPool[], questions: Questions): Promise<Phase> {
  let results: PoolResult[] = [];
  const redecisions = await redecidedOver(servers, async () => {
    const proposals = Promise.all(pools.map((pool) => pool.all({ op: 'proposeFor', seconds: SECONDS })));
    for (let t = QUESTION_SECONDS; t < SECONDS; t += QUESTION_SECONDS) {
      await pause(QUESTION_SECONDS * 1000);
      await questions.next();
    }
    results = await proposals;
  });
  return {
    instances: servers.length,
    acknowledged: results.reduce((sum, r) => sum + r.times.reduce((a, b) => a + b, 0), 0),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
    messages: results.flatMap((r) => r.messages),
    redecided: redecisions,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The moderator, through the first server: ends the open question and starts the next of the seeded quiz. */
class Questions {
  private started = 0;

  private constructor(
    private readonly moderator: LeanPlayer,
    private readonly show: SeededShow,
  ) {}

  static async open(server: BenchServer, show: SeededShow): Promise<Questions> {
    const moderator = await LeanPlayer.connect(server.wsUrl, HANDSHAKE_TIMEOUT_MS);
    if (!(await moderator.request('sa', { token: show.moderatorToken })).success)
      throw new Error('the moderator could not log in');
    return new Questions(moderator, show);
  }

  async next(): Promise<void> {
    if (this.started > 0 && !(await this.moderator.request('mn')).success) throw new Error('mn refused');
    const q = ++this.started;
    if (q > QUESTIONS)
      throw new Error(
        `the seeded quiz has ${QUESTIONS} questions: fewer phases or longer questions (--question-seconds)`,
      );
    const reply = await this.moderator.request('ma', {
      quiz: this.show.quizId,
      round: Math.ceil(q / 10),
      question: ((q - 1) % 10) + 1,
    });
    if (!reply.success) throw new Error(`ma: ${reply.message}`);
  }

  close(): void {
    this.moderator.terminate();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:cluster — ${TEAMS} teams of ${PER_TEAM}, every player proposing, ${SECONDS} s per phase, next question every ${QUESTION_SECONDS} s, on Postgres (${describePlacement(where)})\n`,
  );
  const database = await freshDatabase(DATABASE_URL);
  const show = await seedShow({
    players: TEAMS * PER_TEAM,
    perTeam: PER_TEAM,
    inTeams: true,
    databaseUrl: database.url,
  });
  const env = { DATABASE_URL: database.url };
  const servers: BenchServer[] = [];
  try {
    const first = await startServer({ dataDir: show.dataDir, jwtSecret: JWT_SECRET, cpus: where.serverCpus, env });
    servers.push(first);
    const questions = await Questions.open(first, show);
    await questions.next();
    const alone = await connected(first, show.players);
    console.log(`  one instance: ${show.players.length} players connected`);
    const one = await proposing([first], [alone], questions);
    await alone.stop();

    const second = await startServer({
      dataDir: show.dataDir,
      jwtSecret: JWT_SECRET,
      cpus: where.serverCpus,
      env: { ...env, PORT: '0' },
    });
    servers.push(second);
    await waitHealthy(second.url);
    await questions.next();
    const teamsOn = (side: number) => show.players.filter((p) => show.teams.indexOf(p.teamId) % 2 === side);
    const pools = [await connected(first, teamsOn(0)), await connected(second, teamsOn(1))];
    console.log(`  two instances: ${teamsOn(0).length} + ${teamsOn(1).length} players connected`);
    const two = await proposing([first, second], pools, questions);
    await Promise.all(pools.map((pool) => pool.stop()));
    questions.close();

    const perSecond = (p: Phase) => p.acknowledged / SECONDS;
    const perThousand = (p: Phase) =>
      ((p.redecided.boundary + p.redecided.revision) * 1000) / Math.max(1, p.acknowledged);
    printTable(
      [
        'instances',
        'acknowledged',
        'commands/s',
        'refused',
        're-decided: boundary moved',
        're-decided: stream moved',
        'per 1,000',
      ],
      [one, two].map((p) => [
        String(p.instances),
        String(p.acknowledged),
        perSecond(p).toFixed(0),
        String(p.failures),
        String(p.redecided.boundary),
        String(p.redecided.revision),
        perThousand(p).toFixed(1),
      ]),
    );
    for (const m of [...one.messages, ...two.messages]) console.log(`  refused: ${m}`);
    console.log(`\nacknowledged commands/s, one instance: ${perSecond(one).toFixed(0)}`);
    console.log(
      `acknowledged commands/s, two instances: ${perSecond(two).toFixed(0)} (${ratio(perSecond(two), perSecond(one))} × one)`,
    );
    console.log(`re-decided per 1,000 commands: ${perThousand(two).toFixed(1)} (goal: at most 10)`);
  } finally {
    await Promise.all(servers.map((s) => s.process.stop()));
    await rm(show.dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
