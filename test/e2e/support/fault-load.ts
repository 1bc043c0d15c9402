/**
 * A show under load while its database fails (issue 24): players on one or more app processes
 * propose all the time, each command resent with its commandId after `retry: true` (or no reply),
 * health and readiness probed meanwhile; afterwards every acknowledged proposal must be stored once.
 * Used by the fault-proxy test and the own-cluster restart test.
 */
import { fromStored } from '../../../src/engine/stored-events';
import type { EventStore } from '../../../src/store/event-store';
import { STORE_UNAVAILABLE_TEXT } from '../../../src/store/unavailable';
import type { AppProcess } from './app-process';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './test-server';
import { WsClient } from './ws-client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A player waits this long for a reply before it counts the command as unanswered and sends it again. */
const REPLY_WAIT_MS = 6000;
/** Between two commands of one player (a socket may send 20 frames a second). */
const PACE_MS = 100;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Player {
  name: string;
  instance: AppProcess;
  ws: WsClient;
}

/** What one phase of load saw. */
export interface LoadFigures {
  sent: number;
  acknowledged: string[];
  retryAnswers: number;
  unanswered: number;
  rejected: string[];
  /** The longest a command waited for any reply (ms). */
  longestWithoutReply: number;
  ackTimes: number[];
}

export interface Verdict {
  rejected: string[];
  lost: string[];
  twice: string[];
  storedButNotAcknowledged: number;
  unanswered: number;
  healthStatuses: number[];
  acknowledgedAfterwards: boolean;
}

/** The verdict of a phase that went right. */
export const CLEAN: Verdict = {
  rejected: [],
  lost: [],
  twice: [],
  storedButNotAcknowledged: 0,
  unanswered: 0,
  healthStatuses: [200],
  acknowledgedAfterwards: true,
};

export interface Probes {
  health: number[];
  healthStatuses: number[];
  ready: Array<{ at: number; status: number; ms: number; reason?: string }>;
}

export class FaultLoad {
  readonly players: Player[] = [];
  readonly sockets: WsClient[] = [];
  readonly report: string[] = [];
  moderator!: WsClient;

  constructor(
    private readonly instances: AppProcess[],
    /** A connection of the test's own to the database (not through any fault). */
    private readonly store: EventStore,
  ) {}

  async open(instance: AppProcess, token: string): Promise<WsClient> {
    const ws = await WsClient.open(instance.wsUrl, token);
    this.sockets.push(ws);
    return ws;
  }

  async must(ws: WsClient, type: string, content: Json = {}): Promise<Json> {
    const reply = await ws.request(type, content);
    if (!reply.success) throw new Error(`${type} ${JSON.stringify(content)}: ${reply.message}`);
    return reply;
  }

  /** A quiz with its first question open, two teams of two players, each team's players spread over the instances. */
  async setUpShow(): Promise<void> {
    const [first] = this.instances;
    const at = (i: number) => this.instances[i % this.instances.length]!;
    const adminToken = await login(first!.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      first!.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Datenbank weg',
        yearWeek: '2026-48',
        content: [1, 2].map((n) => ({
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
    if (quiz.status !== 201) throw new Error(`quiz not created: ${JSON.stringify(quiz.body)}`);
    this.moderator = await this.open(at(1), adminToken);
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const name = `spieler${i}`;
      tokens.push((await registerAndLogin(at(i).url, name)).token);
      this.players.push({ name, instance: at(i), ws: await this.open(at(i), tokens[i]!) });
    }
    for (let t = 0; t < 2; t++) {
      const [founder, joiner] = [this.players[2 * t]!, this.players[2 * t + 1]!];
      const created = await api(
        founder.instance.url,
        'POST',
        '/api/teams',
        { name: `Team ${t}`, newPassword: `pw-team-${t}`, stadt: 'Köln', beschreibung: '-' },
        tokens[2 * t],
      );
      if (created.status !== 201) throw new Error(`team not created: ${JSON.stringify(created.body)}`);
      await this.caughtUp(joiner.instance); // the joiner's instance has folded the new team
      await this.must(joiner.ws, 'gj', { id: created.body.data.id, password: `pw-team-${t}` });
    }
    await this.must(this.moderator, 'ma', { quiz: quiz.body.data.id, round: 1, question: 1 });
    await Promise.all(this.players.map((p) => p.ws.until((v) => v.global?.state === 'qa')));
    await this.everyoneOnline();
  }

  private async caughtUp(instance: AppProcess): Promise<void> {
    const stored = await this.store.lastPosition();
    while ((await api(instance.url, 'GET', '/api/health')).body.live.position < stored) await sleep(20);
  }

  /** Sends one command until it is answered for good (resending with the same commandId after `retry: true` or no reply). */
  private async sendUntilAnswered(
    player: Player,
    message: string,
    commandId: string,
    figures: LoadFigures,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      figures.sent++;
      const started = Date.now();
      const reply = await Promise.race([
        player.ws.request('gp', { message }, commandId),
        sleep(REPLY_WAIT_MS).then(() => null),
      ]);
      figures.longestWithoutReply = Math.max(figures.longestWithoutReply, Date.now() - started);
      if (reply === null) figures.unanswered++;
      else if (reply.success) {
        figures.acknowledged.push(message);
        figures.ackTimes.push(Date.now());
        return;
      } else if (reply.retry === true && reply.message === STORE_UNAVAILABLE_TEXT) {
        figures.retryAnswers++;
      } else {
        figures.rejected.push(`${message}: ${reply.message}`);
        return;
      }
      await sleep(Math.min(1000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2));
    }
  }

  /** Every player proposes (paced) from 1 s before `fault` until `settleMs` after it; `fault` resolves when the database is reachable again. */
  async underLoad(
    phase: string,
    fault: () => Promise<number>,
    settleMs: number,
  ): Promise<{ figures: LoadFigures; reachableAt: number }> {
    const figures: LoadFigures = {
      sent: 0,
      acknowledged: [],
      retryAnswers: 0,
      unanswered: 0,
      rejected: [],
      longestWithoutReply: 0,
      ackTimes: [],
    };
    let running = true;
    const load = Promise.all(
      this.players.map(async (player) => {
        for (let n = 0; running; n++) {
          await this.sendUntilAnswered(player, `${phase} ${player.name} ${n}`, `${phase}-${player.name}-${n}`, figures);
          await sleep(PACE_MS);
        }
      }),
    );
    try {
      await sleep(1000);
      const reachableAt = await fault();
      await sleep(settleMs);
      return { figures, reachableAt };
    } finally {
      running = false;
      await load;
    }
  }

  /** Polls health and readiness of every instance every 100 ms while `during` runs. */
  async probing<T>(during: () => Promise<T>): Promise<{ result: T } & Probes> {
    const probes: Probes = { health: [], healthStatuses: [], ready: [] };
    let running = true;
    const probe = (async () => {
      while (running) {
        for (const instance of this.instances) {
          let started = Date.now();
          const status = await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
            (r) => r.status,
            () => 0,
          );
          probes.health.push(Date.now() - started);
          probes.healthStatuses.push(status);
          started = Date.now();
          const ready = await fetch(`${instance.url}/api/ready`, { signal: AbortSignal.timeout(5000) }).then(
            async (r) => ({ status: r.status, body: (await r.json()) as Json }),
            () => ({ status: 0, body: {} as Json }),
          );
          probes.ready.push({
            at: started,
            status: ready.status,
            ms: Date.now() - started,
            reason: ready.body.reason as string | undefined,
          });
        }
        await sleep(100);
      }
    })();
    try {
      return { result: await during(), ...probes };
    } finally {
      running = false;
      await probe;
    }
  }

  async storedProposals(): Promise<string[]> {
    return (await this.store.readAll())
      .map(fromStored)
      .flatMap((e) => (e.type === 'ProposalAdded' ? [e.data.message] : []));
  }

  /**
   * The figures of a phase go into the report; what must hold comes back as a verdict to compare with
   * CLEAN: nothing refused, nothing lost, nothing twice, every command answered, health always 200,
   * some command acknowledged after the database was back.
   */
  async verdict(phase: string, figures: LoadFigures, reachableAt: number, probes: Probes): Promise<Verdict> {
    const stored = (await this.storedProposals()).filter((m) => m.startsWith(`${phase} `));
    const counts = new Map<string, number>();
    for (const m of stored) counts.set(m, (counts.get(m) ?? 0) + 1);
    const lost = figures.acknowledged.filter((m) => !counts.has(m));
    const twice = [...counts].filter(([, n]) => n > 1).map(([m]) => m);
    const firstAck = Math.min(...figures.ackTimes.filter((t) => t >= reachableAt));
    const readyStatuses = [...new Set(probes.ready.map((r) => r.status))].sort();
    this.report.push(
      `${phase}: ${figures.acknowledged.length} acknowledged, ${lost.length} lost, ${twice.length} twice, ${figures.retryAnswers} retry answers, ` +
        `${figures.unanswered} unanswered within ${REPLY_WAIT_MS} ms, longest without reply ${figures.longestWithoutReply} ms, ` +
        `first ack ${firstAck - reachableAt} ms after the database was reachable again; /api/health ${probes.health.length} probes, ` +
        `statuses ${[...new Set(probes.healthStatuses)].join('/')}, slowest ${Math.max(...probes.health)} ms; /api/ready statuses ${readyStatuses.join('/')}, ` +
        `slowest ${Math.max(...probes.ready.map((r) => r.ms))} ms`,
    );
    return {
      rejected: figures.rejected,
      lost,
      twice,
      storedButNotAcknowledged: stored.length - figures.acknowledged.length,
      unanswered: figures.unanswered,
      healthStatuses: [...new Set(probes.healthStatuses)],
      acknowledgedAfterwards: Number.isFinite(firstAck),
    };
  }

  /** Every instance ready again, and its read projections caught up with the log (they resumed by themselves). */
  async readyAgain(): Promise<void> {
    for (const instance of this.instances) {
      while ((await api(instance.url, 'GET', '/api/ready')).status !== 200) await sleep(100);
    }
    const last = await this.store.lastPosition();
    for (const instance of this.instances) {
      for (;;) {
        const { projections } = (await api(instance.url, 'GET', '/api/health')).body as {
          projections: Array<{ checkpoint: number }>;
        };
        if (projections.length > 0 && projections.every((p) => p.checkpoint >= last)) break;
        await sleep(200);
      }
    }
  }

  /** Every player sees both members of their team online (presence came back). */
  async everyoneOnline(): Promise<void> {
    await Promise.all(
      this.players.map((p) =>
        p.ws.until((v) => {
          const members = Object.values((v.team?.members ?? {}) as Record<string, { online: boolean }>);
          return members.length === 2 && members.every((m) => m.online);
        }, 20_000),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.sockets.map((ws) => ws.close()));
  }
}
