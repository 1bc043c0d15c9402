/**
 * kill -9 under load: the real server process (`node dist/src/main.js`, embedded store in a temporary
 * DATA_DIR) is killed a few times while several players send proposals, each keeping ten under way,
 * each with a commandId. A player resends, with the same commandId, every proposal that was unanswered when its
 * socket closed, once the server answers again. At the end every proposal is acknowledged, each is in
 * the log exactly once (0 lost, 0 duplicated), and some were resent (the kills hit commands in flight).
 * With DATABASE_URL set, the process keeps its log in a fresh Postgres database of its own instead.
 * Needs the built server (`npm run build`, as CI does before the tests; built here when missing).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';
import { ensureBuiltServer, freePort } from './support/app-process';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';
import { WsClient } from './support/ws-client';

const root = path.resolve(__dirname, '../..');
const PLAYERS = 8;
const TEAMS = 4;
const PROPOSALS_PER_PLAYER = 40;
/** Proposals a player keeps in flight: the server is always in the middle of a batch when it is killed. */
const IN_FLIGHT = 10;
/** Kill -9 once this many proposals are acknowledged (of PLAYERS * PROPOSALS_PER_PLAYER = 320) ... */
const KILL_AT = [60, 150, 240];
/**
 * ... and this many ms later: a kill right on an acknowledgement would land between two batches;
 * these land in different phases of the server's decide-append-fold-reply cycle, some after an append
 * was stored but before its replies went out.
 */
const KILL_DELAY_MS = [3, 11, 23];

/** The server as a child process that can be killed with SIGKILL and started again on the same data. */
class ServerProcess {
  private child: ChildProcess | null = null;
  output = '';
  kills = 0;
  /** Date.now() of the last kill. */
  lastKillAt = 0;
  /** How long each start took until /api/health answered (ms). */
  readonly starts: number[] = [];
  /** Resolves once the current (or next, after a kill) process answers /api/health. */
  ready: Promise<void> = Promise.resolve();

  constructor(
    readonly port: number,
    private readonly dataDir: string,
    private readonly databaseUrl: string | null,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): Promise<void> {
    const child = spawn(process.execPath, [path.join(root, 'dist/src/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        ADMIN_PASSWORD,
        JWT_SECRET: 'kill-nine-secret-at-least-32-bytes-long',
        NODE_OPTIONS: '',
        ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (this.output += chunk));
    child.stderr!.on('data', (chunk) => (this.output += chunk));
    this.child = child;
    const began = performance.now();
    this.ready = this.answering(child).then(() => void this.starts.push(Math.round(performance.now() - began)));
    return this.ready;
  }

  /** Kills the process with SIGKILL (nothing is flushed or closed) and starts the next one. */
  async killAndRestart(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.ready = exited.then(() => this.start()); // set before the kill: players seeing their socket close wait for it
    child.kill('SIGKILL');
    this.lastKillAt = Date.now();
    this.kills++;
    await this.ready;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Polls /api/health until it answers (the condition), failing if the process exits first. */
  private async answering(child: ChildProcess): Promise<void> {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited while starting:\n${this.output}`);
      const ok = await fetch(`${this.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

interface Tally {
  acknowledged: number;
  /** Each resent commandId with the time of the kill before its resend. */
  retried: Array<{ commandId: string; killAt: number }>;
  unexpected: string[];
}

/**
 * A player as the web client behaves: every proposal has a commandId; what is unanswered when the
 * socket closes is sent again, with the same commandId, after reconnecting and authenticating.
 */
class ResendingPlayer {
  readonly acknowledged = new Set<string>();
  private readonly unanswered = new Set<string>();
  private next = 0;

  constructor(
    private readonly name: string,
    private readonly token: string,
    private readonly server: ServerProcess,
    private readonly tally: Tally,
    private readonly onAcknowledged: () => void,
  ) {}

  async run(): Promise<void> {
    while (this.acknowledged.size < PROPOSALS_PER_PLAYER) {
      await this.server.ready;
      await this.session();
    }
  }

  /** One socket: authenticate, resend what is unanswered, then keep IN_FLIGHT proposals under way; resolves when it closes or all is acknowledged. */
  private session(): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${this.server.port}/ws`);
      const commandOf = new Map<number, string>();
      let nextId = 1;
      const send = (type: string, content: object, commandId?: string) => {
        const id = nextId++;
        if (commandId) commandOf.set(id, commandId);
        socket.send(JSON.stringify({ type, id, content, ...(commandId ? { commandId } : {}) }));
        return id;
      };
      const fill = () => {
        if (this.acknowledged.size === PROPOSALS_PER_PLAYER) return socket.close();
        while (this.unanswered.size < IN_FLIGHT && this.next < PROPOSALS_PER_PLAYER) {
          const commandId = `${this.name}-${this.next++}`;
          this.unanswered.add(commandId);
          send('gp', { message: commandId }, commandId);
        }
      };
      let authId = -1;
      socket.on('open', () => (authId = send('sa', { token: this.token })));
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as {
          type: string;
          replyTo?: number;
          content: { success: boolean; message?: string };
        };
        if (frame.type !== 'reply') return;
        if (frame.replyTo === authId) {
          if (!frame.content.success) this.tally.unexpected.push(`sa: ${frame.content.message}`);
          for (const commandId of this.unanswered) {
            this.tally.retried.push({ commandId, killAt: this.server.lastKillAt });
            send('gp', { message: commandId }, commandId);
          }
          fill();
          return;
        }
        const commandId = commandOf.get(frame.replyTo!);
        if (!commandId || !this.unanswered.has(commandId)) return;
        if (!frame.content.success) this.tally.unexpected.push(`${commandId}: ${frame.content.message}`);
        this.unanswered.delete(commandId);
        this.acknowledged.add(commandId);
        this.tally.acknowledged++;
        this.onAcknowledged();
        fill();
      });
      socket.on('error', () => undefined); // refused while the server is down: 'close' follows
      socket.on('close', () => resolve());
    });
  }
}

describe('kill -9 while resending clients propose', () => {
  let dataDir: string;
  let database: TestDatabaseUrl | undefined;
  let server: ServerProcess;

  beforeAll(async () => {
    ensureBuiltServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-kill-'));
    database = await testDatabaseUrl();
    server = new ServerProcess(await freePort(), dataDir, database.url);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given several players proposing with commandIds, when the server is killed three times, then 0 proposals are lost and 0 duplicated', async () => {
    await server.start();
    const admin = await login(server.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      server.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Absturz',
        yearWeek: '2026-47',
        content: [{ type: 'normal', round: 1, number: 1, question: 'Hält es?', answer: 'Ja' }],
      },
      admin,
    );
    const wsUrl = `ws://127.0.0.1:${server.port}/ws`;
    const tokens: string[] = [];
    const teamIds: string[] = [];
    for (let p = 0; p < PLAYERS; p++) {
      const player = await registerAndLogin(server.url, `spieler${p}`);
      tokens.push(player.token);
      const team = p % TEAMS;
      if (p < TEAMS) {
        const created = await api(
          server.url,
          'POST',
          '/api/teams',
          { name: `Team ${team}`, newPassword: `pw-team-${team}`, stadt: 'Köln', beschreibung: '-' },
          player.token,
        );
        teamIds.push(created.body.data.id as string);
      } else {
        const ws = await WsClient.open(wsUrl, player.token);
        expect(await ws.request('gj', { id: teamIds[team], password: `pw-team-${team}` })).toMatchObject({
          success: true,
        });
        await ws.close();
      }
    }
    const moderator = await WsClient.open(wsUrl, admin);
    expect(await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toMatchObject({
      success: true,
    });
    await moderator.close();

    const tally: Tally = { acknowledged: 0, retried: [], unexpected: [] };
    let restarting: Promise<void> = Promise.resolve();
    let killsStarted = 0;
    const onAcknowledged = () => {
      const k = killsStarted;
      if (k < KILL_AT.length && tally.acknowledged >= KILL_AT[k]! && server.kills === k) {
        killsStarted++;
        restarting = new Promise((resolve, reject) =>
          setTimeout(() => server.killAndRestart().then(resolve, reject), KILL_DELAY_MS[k]),
        );
      }
    };
    const began = Date.now();
    const players = tokens.map((token, p) => new ResendingPlayer(`spieler${p}`, token, server, tally, onAcknowledged));
    await Promise.all(players.map((p) => p.run()));
    await restarting;

    const nights = (await api(server.url, 'GET', '/api/nights', undefined, admin)).body.data as Array<{ id: string }>;
    expect(nights).toHaveLength(1);
    const lines = await (
      await fetch(`${server.url}/api/nights/${nights[0]!.id}/events`, { headers: { authorization: `Bearer ${admin}` } })
    ).text();
    const stored = lines
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; data: { message: string }; metadata: { recordedAt: number } });
    const times = new Map<string, number>();
    const recordedAt = new Map<string, number>();
    for (const e of stored) {
      if (e.type !== 'ProposalAdded') continue;
      times.set(e.data.message, (times.get(e.data.message) ?? 0) + 1);
      recordedAt.set(e.data.message, e.metadata.recordedAt);
    }
    // Resent although stored before the kill: the append was durable, its reply lost.
    const durableBeforeResend = tally.retried.filter((r) => recordedAt.get(r.commandId)! < r.killAt).length;
    const acknowledged = players.flatMap((p) => [...p.acknowledged]);
    const lost = acknowledged.filter((id) => !times.has(id)).length;
    const duplicated = [...times.values()].filter((n) => n > 1).length;
    console.log(
      `kill -9: ${server.kills} kills in ${Date.now() - began} ms (server starts took ${server.starts.join(', ')} ms); ` +
        `acknowledged ${acknowledged.length}, lost ${lost}, duplicated ${duplicated}, retried ${tally.retried.length} ` +
        `(${durableBeforeResend} of them stored before the kill, their reply lost)`,
    );

    expect(tally.unexpected).toEqual([]);
    expect(server.kills).toBe(KILL_AT.length);
    expect(acknowledged).toHaveLength(PLAYERS * PROPOSALS_PER_PLAYER);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(times.size).toBe(PLAYERS * PROPOSALS_PER_PLAYER);
    expect(tally.retried.length).toBeGreaterThan(0);
  }, 240_000); // four server starts: a few seconds each, much more on a loaded machine
});
