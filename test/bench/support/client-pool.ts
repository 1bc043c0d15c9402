/**
 * The client side of a scale bench: several worker processes (client-worker.ts), each holding whole
 * teams of players, driven together. Results are merged over the workers.
 */
import path from 'node:path';
import { BENCH_DIST, NodeProcess } from './processes';
import type { WorkerOp, WorkerPlayer, WorkerResult } from './worker-protocol';

const WORKER = path.join(BENCH_DIST, 'test/bench/support/client-worker.js');

/** Merged over the workers: the same fields as one worker's result. */
export type PoolResult = WorkerResult;

class Worker {
  private seq = 0;
  private readonly pending = new Map<
    number,
    { resolve: (r: WorkerResult | null) => void; reject: (e: Error) => void }
  >();
  readonly ready: Promise<void>;

  constructor(readonly process: NodeProcess) {
    let started: () => void;
    this.ready = new Promise((resolve) => (started = resolve));
    process.child.on('message', (message: { seq: number; result?: WorkerResult | null; error?: string }) => {
      if (message.seq === 0) return started();
      const waiter = this.pending.get(message.seq);
      this.pending.delete(message.seq);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result ?? null);
    });
  }

  ask(op: WorkerOp): Promise<WorkerResult | null> {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.process.child.send({ ...op, seq });
    });
  }
}

export class ClientPool {
  private constructor(private readonly workers: Worker[]) {}

  /** The client processes' ids (for their CPU time). */
  get pids(): number[] {
    return this.workers.map((w) => w.process.pid);
  }

  /** How many client processes share the clients. */
  get size(): number {
    return this.workers.length;
  }

  /** Players are dealt to the workers by team, so that a team's push stays within one process. */
  static async start(options: {
    workers: number;
    cpus: string | null;
    clientNice?: number | 'idle';
    url: string;
    raw: boolean;
    overlay?: boolean;
    handshakeTimeoutMs: number;
    players: WorkerPlayer[];
  }): Promise<ClientPool> {
    const count = Math.max(1, Math.min(options.workers, options.players.length));
    const workers = Array.from(
      { length: count },
      () =>
        new Worker(
          NodeProcess.start(WORKER, [], {
            cpus: options.cpus,
            nice: options.clientNice,
            nodeFlags: ['--max-old-space-size=4096'],
          }),
        ),
    );
    const teams = [...new Set(options.players.map((p) => p.teamId))];
    const workerOfTeam = new Map(teams.map((teamId, i) => [teamId, i % count]));
    const shares: WorkerPlayer[][] = workers.map(() => []);
    for (const player of options.players) shares[workerOfTeam.get(player.teamId)!]!.push(player);
    await Promise.all(
      workers.map(async (worker, i) => {
        await worker.ready;
        await worker.ask({
          op: 'setup',
          url: options.url,
          raw: options.raw,
          overlay: options.overlay,
          handshakeTimeoutMs: options.handshakeTimeoutMs,
          players: shares[i]!,
        });
      }),
    );
    return new ClientPool(workers);
  }

  async all(op: WorkerOp): Promise<PoolResult> {
    const results = (await Promise.all(this.workers.map((w) => w.ask(op)))).filter(
      (r): r is WorkerResult => r !== null,
    );
    return {
      startedAt: Math.min(...results.map((r) => r.startedAt)),
      times: results.flatMap((r) => r.times),
      failures: results.reduce((sum, r) => sum + r.failures, 0),
      lost: results.reduce((sum, r) => sum + r.lost, 0),
      messages: results.flatMap((r) => r.messages),
      frame: results.find((r) => r.frame !== undefined)?.frame,
      samples: mergeRecords(
        results.map((r) => r.samples),
        (a: number[], b: number[]) => [...a, ...b],
      ),
      counts: mergeRecords(
        results.map((r) => r.counts),
        (a: number, b: number) => a + b,
      ),
    };
  }

  /** Every player times the first push containing `marker` after `fire` (ms after the fire). */
  async fanOut(
    marker: string,
    fire: () => void,
    timeoutMs = 60_000,
  ): Promise<{ latencies: number[]; missing: number; frame: string }> {
    await this.all({ op: 'arm', marker });
    const firedAt = performance.timeOrigin + performance.now();
    fire();
    const { times, lost, frame } = await this.all({ op: 'collect', timeoutMs });
    return { latencies: times.map((t) => t - firedAt), missing: lost, frame: frame ?? '' };
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.workers.map(async (w) => {
        await w.ask({ op: 'close' });
        await w.process.stop();
      }),
    );
  }
}

function mergeRecords<V>(
  records: Array<Record<string, V> | undefined>,
  merge: (a: V, b: V) => V,
): Record<string, V> | undefined {
  const present = records.filter((r): r is Record<string, V> => r !== undefined);
  if (present.length === 0) return undefined;
  const merged: Record<string, V> = {};
  for (const record of present)
    for (const [key, value] of Object.entries(record)) merged[key] = key in merged ? merge(merged[key]!, value) : value;
  return merged;
}
