/**
 * Two app instances (real server processes, `node dist/src/main.js`) on one fresh Postgres database,
 * as docker-compose.yml runs them behind a load balancer: players and moderators on both, each team
 * split across them. Both start at once; what is written through one is read through the other at
 * once (registration, login, team, points); a countdown both schedule expires once; 200 commands sent
 * to both at the same moment are all taken; both push the same views and answer the same points;
 * and commands whose rules read each other's streams race from the two processes without breaking
 * the rules. Needs Postgres: runs when DATABASE_URL is set (`.ci/run` sets it), skipped otherwise.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QuizShowEvent } from '../../events';
import { evolve, initialState, isQuestionOpen, isQuizMode, type LiveState } from '../../projections/live';
import { fromStored } from '../../src/engine/stored-events';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import type { EventStore } from '../../src/store/event-store';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { freshDatabase } from '../support/fresh-database';
import { describeOnPostgres } from '../support/describe-on-postgres';
import { POSTGRES_URL } from '../support/test-database';
import { AppProcess, ensureBuiltServer, freePort, LoadBalancer, localHaproxyConfig } from './support/app-process';
import { ADMIN_PASSWORD, api, login } from './support/test-server';
import { WsClient } from './support/ws-client';
import { PersonalDataStore } from '../../src/store/personal-data-store';
import { PersonalDataVault } from '../../src/store/personal-data-vault';
import { SHOW_COMMAND_TEXTS } from '../../src/commands/show';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = path.resolve(__dirname, '../..');
const TEAMS = 4;
const COMMANDS_PER_PLAYER = 25; // 8 players: 200 commands
const RACE_ROUNDS = 20;

interface Player {
  name: string;
  token: string;
  teamIndex: number;
  /** The instance its socket is on. */
  instance: AppProcess;
  ws: WsClient;
}

describeOnPostgres('two-instances', 'two app instances on one Postgres database', () => {
  let database: { url: string; drop: () => Promise<void> };
  let dirs: string[] = [];
  let a: AppProcess;
  let b: AppProcess;
  let db: PostgresDatabase;
  let store: EventStore;
  let adminToken: string;
  let quizId: string;
  let modA: WsClient;
  let modB: WsClient;
  const players: Player[] = [];
  const sockets: WsClient[] = [];
  let lb: LoadBalancer | null = null;

  /** Player sockets open on an instance, from its /metrics. */
  async function playerSockets(instance: AppProcess): Promise<number> {
    const metrics = await (await fetch(`${instance.url}/metrics`)).text();
    return Number(/^quiz_sockets\{role="player"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
  }

  const other = (instance: AppProcess) => (instance === a ? b : a);
  const everyone = () => [modA, modB, ...players.map((p) => p.ws)];

  async function open(instance: Pick<AppProcess, 'wsUrl'>, token: string): Promise<WsClient> {
    const ws = await WsClient.open(instance.wsUrl, token);
    sockets.push(ws);
    return ws;
  }

  async function liveAt(instance: AppProcess): Promise<number> {
    const health = await api(instance.url, 'GET', '/api/health');
    return health.body.live.position as number;
  }

  /**
   * Both instances have folded everything stored now, and every socket has received what they pushed
   * (a reply comes after the pushes sent before it). Polls health: the live position is the condition.
   */
  async function inStep(): Promise<void> {
    const last = await store.lastPosition();
    for (const instance of [a, b]) {
      while ((await liveAt(instance)) < last) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(everyone().map((ws) => ws.request('ping')));
  }

  async function must(ws: WsClient, type: string, content: Json = {}): Promise<Json> {
    const reply = await ws.request(type, content);
    if (!reply.success) throw new Error(`${type} ${JSON.stringify(content)}: ${reply.message}`);
    return reply;
  }

  /**
   * Moderator sockets of a race of their own: one on each instance and one to tidy up between rounds
   * (each socket may send 20 frames a second, docs/protocol.md, Limits; a round is a few frames).
   */
  async function raceSockets(): Promise<[WsClient, WsClient, WsClient]> {
    return [await open(a, adminToken), await open(b, adminToken), await open(a, adminToken)];
  }

  async function eventsOfType(type: string): Promise<QuizShowEvent[]> {
    return (await store.readAll()).map(fromStored).filter((e) => e.type === type);
  }

  beforeAll(async () => {
    ensureBuiltServer();
    database = await freshDatabase(POSTGRES_URL!);
    dirs = await Promise.all(['a', 'b'].map((n) => mkdtemp(path.join(tmpdir(), `quiz-two-${n}-`))));
    // Nothing shared but the database (and the token secret, as a deployment sets it for all instances).
    const env = (dataDir: string) => ({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'two-instances-secret-at-least-32-bytes',
      ADMIN_PASSWORD,
    });
    a = new AppProcess('A', await freePort(), env(dirs[0]!));
    b = new AppProcess('B', await freePort(), env(dirs[1]!));
    await Promise.all([a.start(), b.start()]); // at once: schema, first admin and projections race on a fresh database
    db = await PostgresDatabase.open(database.url);
    // The log as the servers read it: personal fields (the admin's login) come from the vault beside it.
    store = new PersonalDataStore(await SqlEventStore.open(db), new PersonalDataVault(db));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((ws) => ws.close()));
    await lb?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    for (const instance of [a, b]) {
      if (instance && /error/i.test(instance.output))
        console.log(`instance ${instance.name} said:\n${instance.output.slice(-4000)}`);
    }
    await store?.close();
    await db?.close();
    await database?.drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('both started at once on the fresh database: the first admin is registered once', async () => {
    const admins = (await eventsOfType('UserRegistered')).filter(
      (e) => e.type === 'UserRegistered' && e.data.login === 'admin',
    );
    expect(admins).toHaveLength(1);
    adminToken = await login(a.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      b.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Zwei Instanzen',
        yearWeek: '2026-48',
        content: [1, 2, 3, 4].map((n) => ({
          type: 'normal',
          round: 1,
          number: n,
          category: '(2) Allerlei',
          question: `Frage ${n}?`,
          answer: `Antwort ${n}`,
        })),
      },
      adminToken,
    );
    expect(quiz.status).toBe(201);
    quizId = quiz.body.data.id as string;
    modA = await open(a, adminToken);
    modB = await open(b, adminToken);
  });

  it('registered through one instance, logged in and connected through the other at once; a team created on one is joined on the other', async () => {
    for (let i = 0; i < TEAMS * 2; i++) {
      const name = `spieler${i}`;
      const home = i % 2 === 0 ? a : b;
      const registered = await api(home.url, 'POST', '/api/users', {
        data: { type: 'users', attributes: { login: name, name, newPassword: 'passwort123' } },
      });
      expect(registered.status).toBe(201);
      // The other instance may not have folded the registration yet: it catches up instead of refusing.
      const token = await login(other(home).url, name, 'passwort123');
      const ws = await open(other(home), token);
      players.push({ name, token, teamIndex: Math.floor(i / 2), instance: other(home), ws });
    }
    for (let t = 0; t < TEAMS; t++) {
      const [founder, joiner] = [players[2 * t]!, players[2 * t + 1]!];
      const created = await api(
        founder.instance.url,
        'POST',
        '/api/teams',
        { name: `Team ${t}`, newPassword: `pw-team-${t}`, stadt: 'Köln', beschreibung: '-' },
        founder.token,
      );
      expect(created.status).toBe(201);
      expect(joiner.instance).not.toBe(founder.instance);
      expect(await joiner.ws.request('gj', { id: created.body.data.id, password: `pw-team-${t}` })).toMatchObject({
        success: true,
      });
    }
  });

  it('presence is shared: each team member sees the other online, whichever instance they are on', async () => {
    await Promise.all(
      players.map((p) =>
        p.ws.until((v) => {
          const members = Object.values((v.team?.members ?? {}) as Record<string, { online: boolean }>);
          return members.length === 2 && members.every((m) => m.online);
        }),
      ),
    );
  });

  it('a countdown both instances schedule expires once: one expiry, one end, one lock-in in the store', async () => {
    await must(modA, 'ma', { quiz: quizId, round: 1, question: 1 });
    await Promise.all(everyone().map((ws) => ws.until((v) => v.global?.state === 'qa')));
    for (const p of players) await must(p.ws, 'gp', { message: `Antwort von ${p.name}` });
    await must(modB, 'mc', { time: 1 });
    await Promise.all(players.map((p) => p.ws.until((v) => v.global?.state === 'qn' && v.team?.takenAnswer, 20_000)));
    await inStep();
    expect(await eventsOfType('CountdownExpired')).toHaveLength(1);
    expect(await eventsOfType('QuestionEnded')).toHaveLength(1);
    expect(await eventsOfType('AnswersLockedIn')).toHaveLength(1);
    // Both timers usually fire; one whose instance folded the other's expiry first is cancelled instead.
    const tries = await Promise.all(
      [a, b].map(async (instance) => {
        const metrics = await (await fetch(`${instance.url}/metrics`)).text();
        return Number(/^quiz_commands_total\{type="ExpireCountdown"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
      }),
    );
    console.log(
      `two instances: the countdown's expiry was executed by A ${tries[0]}x and by B ${tries[1]}x; stored once`,
    );
  });

  it(`${TEAMS * 2 * COMMANDS_PER_PLAYER} proposals and chat messages sent to both instances at once are all taken, and both push the same views`, async () => {
    await must(modB, 'ma', { quiz: quizId, round: 1, question: 2 });
    await Promise.all(
      everyone().map((ws) => ws.until((v) => v.global?.state === 'qa' && v.global?.question?.number === 2)),
    );
    const before = (await store.readAll()).length;
    const replies = await Promise.all(
      players.flatMap((p) =>
        Array.from({ length: COMMANDS_PER_PLAYER }, (_, n) =>
          p.ws.request(n % 2 === 0 ? 'gp' : 'gc', { message: `${p.name} ${n}` }),
        ),
      ),
    );
    expect(replies.filter((r) => !r.success)).toEqual([]);
    expect((await store.readAll()).length - before).toBe(TEAMS * 2 * COMMANDS_PER_PLAYER);
    await inStep();

    const [first, ...rest] = everyone();
    for (const ws of rest) expect(ws.views.global).toEqual(first!.views.global);
    for (let t = 0; t < TEAMS; t++) {
      const [onOne, onOther] = players.filter((p) => p.teamIndex === t);
      expect(onOne!.instance).not.toBe(onOther!.instance);
      expect(Object.keys(onOne!.ws.views.team.proposals)).toHaveLength(2 * COMMANDS_PER_PLAYER);
      expect(onOther!.ws.views.team).toEqual(onOne!.ws.views.team);
    }
    expect(modB.views.moderator).toEqual(modA.views.moderator);
    expect(modB.views.tester).toEqual(modA.views.tester);
    // What each socket built from pushes is what a fresh snapshot from its instance says.
    for (const ws of everyone()) {
      const held = JSON.parse(JSON.stringify(ws.views)) as Json;
      await ws.sync();
      expect(ws.views).toEqual(held);
    }
  });

  it('through the load balancer of deploy/haproxy.cfg (where haproxy is installed): sockets land on both instances and see what the others see', async () => {
    const lbPort = await freePort();
    const configFile = path.join(dirs[0]!, 'haproxy.cfg');
    await writeFile(
      configFile,
      localHaproxyConfig(await readFile(path.join(root, 'deploy/haproxy.cfg'), 'utf8'), lbPort, [
        { name: 'app-a', port: a.port },
        { name: 'app-b', port: b.port },
      ]),
    );
    lb = await LoadBalancer.start(configFile, lbPort);
    if (!lb) {
      console.log('two-instances: the load balancer part is skipped, haproxy is not installed (.ci/run installs it).');
      return;
    }
    const before = await Promise.all([a, b].map(playerSockets));
    const viaLb = await Promise.all(
      players.map(async (p) => open({ wsUrl: lb!.wsUrl }, await login(lb!.url, p.name, 'passwort123'))),
    );
    const after = await Promise.all([a, b].map(playerSockets));
    expect(after[0]! - before[0]! + after[1]! - before[1]!).toBe(players.length);
    expect(after[0]! - before[0]!).toBeGreaterThan(0); // leastconn spreads them
    expect(after[1]! - before[1]!).toBeGreaterThan(0);

    const moderator = await open({ wsUrl: lb.wsUrl }, adminToken);
    await must(moderator, 'mumm', { message: 'Über den Balancer' });
    await Promise.all(
      [...everyone(), ...viaLb].map((ws) => ws.until((v) => v.global?.uberMessage === 'Über den Balancer')),
    );
    await inStep();
    await Promise.all(viaLb.map((ws) => ws.request('ping')));
    for (const [n, ws] of viaLb.entries()) expect(ws.views).toEqual(players[n]!.ws.views);
    const points = await api(lb.url, 'GET', `/api/points/${quizId}`, undefined, adminToken);
    expect(points.body).toEqual((await api(a.url, 'GET', `/api/points/${quizId}`, undefined, adminToken)).body);
    await Promise.all([moderator, ...viaLb].map((ws) => ws.close())); // the players keep only their direct sockets
  });

  it('mn on both at once: the question ends once', async () => {
    const outcomes = await Promise.all([modA.request('mn'), modB.request('mn')]);
    expect(outcomes.filter((o) => o.success)).toHaveLength(1);
    await inStep();
    expect(await eventsOfType('QuestionEnded')).toHaveLength(2);
    expect(await eventsOfType('AnswersLockedIn')).toHaveLength(2);
  });

  it('answers rated through both instances: both answer the same points, right after the ratings', async () => {
    const checking = await must(modA, 'ta', { quiz: quizId });
    const answers = checking.answers as Array<{ id: string }>;
    expect(answers.length).toBeGreaterThanOrEqual(2 * TEAMS);
    await Promise.all(
      answers.map((answer, n) =>
        must(n % 2 === 0 ? modA : modB, 'tua', {
          answerId: answer.id,
          value: 1 + (n % 3),
          checked: true,
          liked: false,
        }),
      ),
    );
    const points = await Promise.all(
      [a, b].map((instance) => api(instance.url, 'GET', `/api/points/${quizId}`, undefined, adminToken)),
    );
    expect(points.map((p) => p.status)).toEqual([200, 200]);
    expect(points[1]!.body).toEqual(points[0]!.body);
    const totals = (points[0]!.body.sortedTeams as Array<{ total: number }>).reduce((sum, team) => sum + team.total, 0);
    expect(totals).toBe(answers.reduce((sum, _, n) => sum + 1 + (n % 3), 0));

    const overview = await must(modB, 'mup', { quiz: quizId });
    await must(modA, 'mp', { content: { publish: true } });
    await Promise.all(everyone().map((ws) => ws.until((v) => v.global?.points?.sortedTeams?.length === TEAMS)));
    await inStep();
    const [first, ...rest] = everyone();
    for (const ws of rest) expect(ws.views.global.points).toEqual(first!.views.global.points);
    // The published ranking is the server's own (mp {publish: true}), the same as the moderator's overview.
    expect(first!.views.global.points).toEqual({ rounds: overview.rounds, sortedTeams: overview.sortedTeams });
  });

  it(`mum on one instance while the other starts a question, ${RACE_ROUNDS} times: the mode never leaves the quiz while a question is open`, async () => {
    const [onA, onB, tidy] = await raceSockets();
    let questionFirst = 0;
    for (let round = 0; round < RACE_ROUNDS; round++) {
      await must(tidy, 'mum', { modus: 'quiz' });
      await inStep();
      const [pausing, starting] = round % 2 === 0 ? [onA, onB] : [onB, onA];
      const [mode, start] = await Promise.all([
        pausing.request('mum', { modus: 'pause' }),
        starting.request('ma', { quiz: quizId, round: 1, question: 3 }),
      ]);
      expect(start).toMatchObject({ success: true }); // a question may start in any mode
      if (!mode.success) {
        expect(mode.message).toBe(SHOW_COMMAND_TEXTS.uberModeOnlyWithoutQuestion);
        questionFirst++;
      }
      await must(tidy, 'mn');
    }
    await must(tidy, 'mum', { modus: 'quiz' });
    let pauses = 0;
    let state: LiveState = initialState;
    for (const event of (await store.readAll()).map(fromStored)) {
      if (event.type === 'UberModeChanged' && isQuizMode(state.show.uberModus) && !isQuizMode(event.data.modus)) {
        pauses++;
        expect(isQuestionOpen(state)).toBe(false);
      }
      state = evolve(state, event);
    }
    expect(pauses).toBe(RACE_ROUNDS - questionFirst); // each accepted mum is in the log, each refused one is not
    console.log(
      `two instances, mum against ma: the question came first in ${questionFirst} of ${RACE_ROUNDS} rounds (mum refused)`,
    );
  });

  it(`ma on both at once, ${RACE_ROUNDS} times: exactly one question starts each time`, async () => {
    const [onA, onB, tidy] = await raceSockets();
    for (let round = 0; round < RACE_ROUNDS; round++) {
      await inStep();
      const outcomes = await Promise.all([
        onA.request('ma', { quiz: quizId, round: 1, question: 3 }),
        onB.request('ma', { quiz: quizId, round: 1, question: 4 }),
      ]);
      expect(outcomes.filter((o) => o.success)).toHaveLength(1);
      await must(tidy, 'mn');
    }
    let state: LiveState = initialState;
    for (const event of (await store.readAll()).map(fromStored)) {
      if (event.type === 'QuestionStarted') expect(isQuestionOpen(state)).toBe(false);
      state = evolve(state, event);
    }
  });

  it('B stops (SIGTERM, as in a rolling update): its players are offline for their team mates on A at once, not only once its heartbeat is stale', async () => {
    const onB = new Set(players.filter((p) => p.instance === b).map((p) => p.name));
    await b.stop();
    await Promise.all(
      players
        .filter((p) => p.instance === a)
        .map((p) =>
          p.ws.until(
            (v) =>
              Object.values((v.team?.members ?? {}) as Record<string, { name: string; online: boolean }>).every(
                (m) => m.online === !onB.has(m.name),
              ),
            10_000,
          ),
        ),
    );
  });
});
