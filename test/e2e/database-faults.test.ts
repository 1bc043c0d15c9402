/**
 * Issue 24, "Outlive the database": two app instances (real server processes) reach one fresh
 * Postgres database through a fault proxy (test/support/fault-proxy.ts), never the machine's Postgres
 * itself, which other test files use meanwhile. Players on both instances propose all the time, each
 * command resent with its commandId while the answer says `retry: true`; the proxy cuts every
 * connection, refuses new ones for 5 s, and stalls them for 15 s. Each time: every acknowledged
 * proposal is stored once (none lost, none twice), both instances take commands again by themselves,
 * /api/health answers 200 throughout, /api/ready says 503 during the outage and 200 after; a
 * countdown that ends during an outage is stored once after it; presence comes back. The figures are
 * printed (timings are not asserted: the machine is shared). Needs Postgres: skipped without DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromStored } from '../../src/engine/stored-events';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { STORE_UNAVAILABLE_TEXT } from '../../src/store/unavailable';
import { FaultProxy } from '../support/fault-proxy';
import { freshDatabase } from '../support/fresh-database';
import { POSTGRES_URL } from '../support/test-database';
import { AppProcess, ensureBuiltServer, freePort } from './support/app-process';
import { ADMIN_PASSWORD, api, login } from './support/test-server';
import { WsClient } from './support/ws-client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A player waits this long for a reply before it counts the command as unanswered and sends it again. */
const REPLY_WAIT_MS = 6000;
/** Between two commands of one player (a socket may send 20 frames a second). */
const PACE_MS = 100;

interface Player {
  name: string;
  userId: string;
  instance: AppProcess;
  ws: WsClient;
}

/** What one phase of load saw. */
interface LoadFigures {
  sent: number;
  acknowledged: string[];
  retryAnswers: number;
  unanswered: number;
  rejected: string[];
  /** The longest a command waited for any reply (ms). */
  longestWithoutReply: number;
  ackTimes: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!POSTGRES_URL) {
  console.log('database-faults skipped: it needs Postgres (DATABASE_URL is not set; .ci/run sets it).');
  describe.skip('database faults (DATABASE_URL not set)', () => {
    it('runs when DATABASE_URL is set', () => undefined);
  });
} else {
  describe('two app instances outlive database faults (through a fault proxy)', () => {
    let database: { url: string; drop: () => Promise<void> };
    let proxy: FaultProxy;
    let dirs: string[] = [];
    let a: AppProcess;
    let b: AppProcess;
    let db: PostgresDatabase;
    let store: SqlEventStore;
    let moderator: WsClient;
    const players: Player[] = [];
    const sockets: WsClient[] = [];
    const report: string[] = [];

    async function open(instance: AppProcess, token: string): Promise<WsClient> {
      const ws = await WsClient.open(instance.wsUrl, token);
      sockets.push(ws);
      return ws;
    }

    async function must(ws: WsClient, type: string, content: Json = {}): Promise<Json> {
      const reply = await ws.request(type, content);
      if (!reply.success) throw new Error(`${type} ${JSON.stringify(content)}: ${reply.message}`);
      return reply;
    }

    /** Sends one command until it is acknowledged (resending with the same commandId after `retry: true` or no reply). */
    async function sendUntilAnswered(player: Player, message: string, commandId: string, figures: LoadFigures): Promise<void> {
      for (let attempt = 0; ; attempt++) {
        figures.sent++;
        const started = Date.now();
        const reply = await Promise.race([player.ws.request('gp', { message }, commandId), sleep(REPLY_WAIT_MS).then(() => null)]);
        figures.longestWithoutReply = Math.max(figures.longestWithoutReply, Date.now() - started);
        if (reply === null) figures.unanswered++;
        else if (reply.success) {
          figures.acknowledged.push(message);
          figures.ackTimes.push(Date.now());
          return;
        } else if (reply.retry === true) {
          expect(reply.message).toBe(STORE_UNAVAILABLE_TEXT);
          figures.retryAnswers++;
        } else {
          figures.rejected.push(`${message}: ${reply.message}`);
          return;
        }
        await sleep(Math.min(1000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2));
      }
    }

    /** Every player proposes (paced) until `fault` has run and its settling time passed. */
    async function underLoad(phase: string, fault: () => Promise<number>, settleMs: number): Promise<{ figures: LoadFigures; reachableAt: number }> {
      const figures: LoadFigures = { sent: 0, acknowledged: [], retryAnswers: 0, unanswered: 0, rejected: [], longestWithoutReply: 0, ackTimes: [] };
      let running = true;
      const load = Promise.all(players.map(async (player) => {
        for (let n = 0; running; n++) {
          await sendUntilAnswered(player, `${phase} ${player.name} ${n}`, `${phase}-${player.name}-${n}`, figures);
          await sleep(PACE_MS);
        }
      }));
      await sleep(1000);
      const reachableAt = await fault();
      await sleep(settleMs);
      running = false;
      await load;
      return { figures, reachableAt };
    }

    /** Polls health and readiness of both instances every 100 ms while `during` runs. */
    async function probing<T>(during: () => Promise<T>): Promise<{ result: T; health: number[]; healthStatuses: number[]; ready: Array<{ at: number; status: number; ms: number; reason?: string }> }> {
      const health: number[] = [];
      const healthStatuses: number[] = [];
      const ready: Array<{ at: number; status: number; ms: number; reason?: string }> = [];
      let running = true;
      const probe = (async () => {
        while (running) {
          for (const instance of [a, b]) {
            let started = Date.now();
            const h = await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
            health.push(Date.now() - started);
            healthStatuses.push(h);
            started = Date.now();
            const r = await fetch(`${instance.url}/api/ready`, { signal: AbortSignal.timeout(5000) }).then(async (res) => ({ status: res.status, body: (await res.json()) as Json }), () => ({ status: 0, body: {} as Json }));
            ready.push({ at: started, status: r.status, ms: Date.now() - started, reason: r.body.reason as string | undefined });
          }
          await sleep(100);
        }
      })();
      const result = await during();
      running = false;
      await probe;
      return { result, health, healthStatuses, ready };
    }

    async function storedProposals(): Promise<string[]> {
      return (await store.readAll()).map(fromStored).flatMap((e) => (e.type === 'ProposalAdded' ? [e.data.message] : []));
    }

    /** 0 lost, 0 twice, nothing refused; the figures go into the report. */
    async function expectExactlyOnce(phase: string, figures: LoadFigures, reachableAt: number, probes: { health: number[]; healthStatuses: number[]; ready: Array<{ at: number; status: number; ms: number }> }): Promise<void> {
      const stored = (await storedProposals()).filter((m) => m.startsWith(`${phase} `));
      const counts = new Map<string, number>();
      for (const m of stored) counts.set(m, (counts.get(m) ?? 0) + 1);
      const lost = figures.acknowledged.filter((m) => !counts.has(m));
      const twice = [...counts].filter(([, n]) => n > 1).map(([m]) => m);
      const firstAck = Math.min(...figures.ackTimes.filter((t) => t >= reachableAt));
      const readyStatuses = [...new Set(probes.ready.map((r) => r.status))].sort();
      report.push(
        `${phase}: ${figures.acknowledged.length} acknowledged, ${lost.length} lost, ${twice.length} twice, ${figures.retryAnswers} retry answers, ` +
          `${figures.unanswered} unanswered within ${REPLY_WAIT_MS} ms, longest without reply ${figures.longestWithoutReply} ms, ` +
          `first ack ${firstAck - reachableAt} ms after the database was reachable again; /api/health ${probes.health.length} probes, ` +
          `statuses ${[...new Set(probes.healthStatuses)].join('/')}, slowest ${Math.max(...probes.health)} ms; /api/ready statuses ${readyStatuses.join('/')}, ` +
          `slowest ${Math.max(...probes.ready.map((r) => r.ms))} ms`,
      );
      expect(figures.rejected).toEqual([]);
      expect(lost).toEqual([]);
      expect(twice).toEqual([]);
      expect(stored).toHaveLength(figures.acknowledged.length);
      expect(figures.unanswered).toBe(0);
      expect(new Set(probes.healthStatuses)).toEqual(new Set([200]));
      expect(Number.isFinite(firstAck)).toBe(true);
    }

    /** Both instances ready again, and their read projections' runners caught up with the log (they resumed by themselves). */
    async function readyAgain(): Promise<void> {
      for (const instance of [a, b]) {
        while ((await api(instance.url, 'GET', '/api/ready')).status !== 200) await sleep(100);
      }
      const last = await store.lastPosition();
      for (const instance of [a, b]) {
        for (;;) {
          const { projections } = (await api(instance.url, 'GET', '/api/health')).body as { projections: Array<{ checkpoint: number }> };
          if (projections.length > 0 && projections.every((p) => p.checkpoint >= last)) break;
          await sleep(200);
        }
      }
    }

    async function everyoneOnline(): Promise<void> {
      await Promise.all(players.map((p) =>
        p.ws.until((v) => {
          const members = Object.values((v.team?.members ?? {}) as Record<string, { online: boolean }>);
          return members.length === 2 && members.every((m) => m.online);
        }, 20_000),
      ));
    }

    beforeAll(async () => {
      ensureBuiltServer();
      database = await freshDatabase(POSTGRES_URL!);
      const direct = new URL(database.url);
      proxy = await FaultProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
      dirs = await Promise.all(['a', 'b'].map((n) => mkdtemp(path.join(tmpdir(), `quiz-faults-${n}-`))));
      const env = (dataDir: string) => ({
        DATABASE_URL: FaultProxy.through(database.url, proxy.port), DATA_DIR: dataDir, JWT_SECRET: 'database-faults-secret-at-least-32-bytes', ADMIN_PASSWORD,
      });
      a = new AppProcess('A', await freePort(), env(dirs[0]!));
      b = new AppProcess('B', await freePort(), env(dirs[1]!));
      await Promise.all([a.start(), b.start()]);
      db = await PostgresDatabase.open(database.url);
      store = await SqlEventStore.open(db);

      const adminToken = await login(a.url, 'admin', ADMIN_PASSWORD);
      const quiz = await api(a.url, 'POST', '/api/quizzes', {
        name: 'Datenbank weg', yearWeek: '2026-48',
        content: [1, 2].map((n) => ({ type: 'normal', round: 1, number: n, category: '(2) Allerlei', question: `Frage ${n}?`, answer: `Antwort ${n}` })),
      }, adminToken);
      expect(quiz.status).toBe(201);
      moderator = await open(b, adminToken);
      for (let i = 0; i < 4; i++) {
        const name = `spieler${i}`;
        const instance = i % 2 === 0 ? a : b;
        const registered = await api(instance.url, 'POST', '/api/users', { data: { type: 'users', attributes: { login: name, name, newPassword: 'passwort123' } } });
        expect(registered.status).toBe(201);
        const token = await login(instance.url, name, 'passwort123');
        players.push({ name, userId: registered.body.data.id as string, instance, ws: await open(instance, token) });
      }
      for (let t = 0; t < 2; t++) {
        const [founder, joiner] = [players[2 * t]!, players[2 * t + 1]!];
        const created = await api(founder.instance.url, 'POST', '/api/teams', { name: `Team ${t}`, newPassword: `pw${t}`, stadt: 'Köln', beschreibung: '-' }, (await login(founder.instance.url, founder.name, 'passwort123')));
        expect(created.status).toBe(201);
        const stored = await store.lastPosition(); // the joiner's instance has folded the new team
        while ((await api(joiner.instance.url, 'GET', '/api/health')).body.live.position < stored) await sleep(20);
        await must(joiner.ws, 'gj', { id: created.body.data.id, password: `pw${t}` });
      }
      await must(moderator, 'ma', { quiz: quiz.body.data.id, round: 1, question: 1 });
      await Promise.all(players.map((p) => p.ws.until((v) => v.global?.state === 'qa')));
      await everyoneOnline();
    }, 120_000);

    afterAll(async () => {
      if (report.length > 0) console.log(`database faults (two instances, one fault proxy):\n  ${report.join('\n  ')}`);
      await Promise.all(sockets.map((ws) => ws.close()));
      await Promise.all([a?.stop(), b?.stop()]);
      for (const instance of [a, b]) {
        if (instance && /Unhandled|uncaught/i.test(instance.output)) console.log(`instance ${instance.name} said:\n${instance.output.slice(-4000)}`);
      }
      await proxy?.close();
      await store?.close();
      await db?.close();
      await database?.drop();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('every connection cut under load: nothing lost, nothing twice, commands taken again at once', async () => {
      const { result, ...probes } = await probing(() => underLoad('cut', async () => {
        proxy.cut();
        return Date.now();
      }, 3000));
      await expectExactlyOnce('cut', result.figures, result.reachableAt, probes);
      await readyAgain();
    }, 60_000);

    it('new connections refused for 5 s: commands answered retry:true with the German text, /api/ready 503 then 200, resumed by itself', async () => {
      const logins: Array<{ status: number; body: Json }> = [];
      const { result, ...probes } = await probing(() => underLoad('refuse', async () => {
        proxy.refuse(5000);
        await sleep(1000);
        // A request that needs the database (the credentials) is answered 503 with the German text, not left hanging.
        for (const instance of [a, b]) logins.push(await api(instance.url, 'POST', '/api/token-auth', { username: 'spieler0', password: 'passwort123' }));
        await sleep(4000);
        return Date.now();
      }, 2500));
      for (const answer of logins) expect(answer).toMatchObject({ status: 503, body: { errors: [{ detail: STORE_UNAVAILABLE_TEXT }] } });
      await expectExactlyOnce('refuse', result.figures, result.reachableAt, probes);
      expect(result.figures.retryAnswers).toBeGreaterThan(0);
      expect(probes.ready.some((r) => r.status === 503 && /Datenbank/.test(r.reason ?? ''))).toBe(true);
      await readyAgain();
      await everyoneOnline();
    }, 60_000);

    it('every connection stalled for 15 s: no command waits without an answer, health never hangs, ready 503 then 200', async () => {
      const { result, ...probes } = await probing(() => underLoad('stall', async () => {
        proxy.stall();
        await sleep(15_000);
        proxy.resume();
        return Date.now();
      }, 2500));
      await expectExactlyOnce('stall', result.figures, result.reachableAt, probes);
      expect(probes.ready.some((r) => r.status === 503)).toBe(true);
      await readyAgain();
      await everyoneOnline();
    }, 60_000);

    it('a countdown that ends while the database is away is stored once, after it', async () => {
      await must(moderator, 'mc', { time: 1 });
      proxy.refuse(3000);
      await sleep(3000);
      await Promise.all(players.map((p) => p.ws.until((v) => v.global?.state === 'qn', 20_000)));
      await readyAgain();
      const events = (await store.readAll()).map(fromStored);
      expect(events.filter((e) => e.type === 'CountdownExpired')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'QuestionEnded')).toHaveLength(1);
      expect(a.output).not.toMatch(/Unhandled 'error' event/);
      expect(b.output).not.toMatch(/Unhandled 'error' event/);
      report.push(`countdown during a 3 s refusal: ${events.filter((e) => e.type === 'CountdownExpired').length} expiry stored; connections refused by the proxy in all: ${proxy.refused}`);
    }, 60_000);
  });
}
