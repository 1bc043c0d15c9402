import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CommandOutcome, ConflictCause, PipelineObserver } from '../engine/command-pipeline';
import type { HashingQueueFigures } from '../identity/hashing-queue';

/** Where the gauges read their values when Prometheus scrapes. */
export interface MetricSources {
  /** Open WebSocket connections by role. */
  socketsByRole(): Map<string, number>;
  /** How many events each read projection is behind the log. */
  projectionLag(): Promise<ReadonlyArray<{ projector: string; lag: number }>>;
  /** How many events the live state is behind the log. */
  liveLag(): Promise<number>;
  /** Free bytes of the disk holding DATA_DIR's uploads (and the embedded database), and the floor uploads keep (UPLOADS_MIN_FREE_BYTES). */
  disk?(): Promise<{ freeBytes: number; floorBytes: number }>;
}

let processMetrics: Registry | null = null;

/** Event-loop delay, memory, CPU, GC: one set per process, however many servers it runs. */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

const ROLES = ['anonymous', 'player', 'tester', 'moderator', 'admin'] as const;
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The server's Prometheus metrics (PROTOCOL.md "Operations"), on a registry of its own so that
 * several servers in one process (the tests) do not share counters. Event-loop delay and the
 * process's memory and CPU come from prom-client's default metrics (`nodejs_eventloop_lag_*`).
 */
@Injectable()
export class Metrics implements PipelineObserver {
  private readonly registry = new Registry();
  private sources: MetricSources | null = null;

  private readonly commands = new Counter({
    name: 'quiz_commands_total',
    help: 'Commands handled by the engine (WebSocket and HTTP), by command type.',
    labelNames: ['type'],
    registers: [this.registry],
  });
  private readonly rejections = new Counter({
    name: 'quiz_command_rejections_total',
    help: 'Commands refused, by command type and reason (invalid, forbidden, conflict, unavailable, ...).',
    labelNames: ['type', 'reason'],
    registers: [this.registry],
  });
  private readonly redecided = new Counter({
    name: 'quiz_commands_redecided_total',
    help: 'Commands decided again because their append lost a race to another process, by cause (boundary: a stream of the consistency boundary moved; revision: the target stream did).',
    labelNames: ['cause'],
    registers: [this.registry],
  });
  private readonly appendSeconds = new Histogram({
    name: 'quiz_append_seconds',
    help: 'Time the event store took to append one group commit.',
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly pushSeconds = new Histogram({
    name: 'quiz_push_seconds',
    help: 'Time from the store acknowledging an append until the live state folded it and pushed the changed views to every socket.',
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly batchCommands = new Histogram({
    name: 'quiz_group_commit_commands',
    help: 'Commands decided and appended together in one group commit.',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
    registers: [this.registry],
  });

  /** `hashing`: the server's password hashing queue (src/identity/password-hasher.ts). */
  constructor(hashing: { figures(): HashingQueueFigures }) {
    const sources = () => this.sources;
    new Gauge({
      name: 'quiz_password_hashing',
      help: 'The password hashing queue of this process: hashes done, requests given an appointment (refused), appointments kept, given up and released (no hash needed after all), and thread-milliseconds spent hashing (busyMs) since the start; running (handed to the threads, in their inboxes included), waiting and open appointments now.',
      labelNames: ['figure'],
      registers: [this.registry],
      collect() {
        const figures = hashing.figures();
        for (const figure of [
          'done',
          'refused',
          'kept',
          'givenUp',
          'released',
          'busyMs',
          'threads',
          'running',
          'waiting',
          'appointments',
        ] as const)
          this.set({ figure }, figures[figure]);
      },
    });
    new Gauge({
      name: 'quiz_sockets',
      help: 'Open WebSocket connections by role (anonymous: before sa; a socket counts once for each role its user holds).',
      labelNames: ['role'],
      registers: [this.registry],
      collect() {
        const counts = sources()?.socketsByRole() ?? new Map<string, number>();
        for (const role of new Set([...ROLES, ...counts.keys()])) this.set({ role }, counts.get(role) ?? 0);
      },
    });
    new Gauge({
      name: 'quiz_projection_lag_events',
      help: 'Events a read projection is behind the log.',
      labelNames: ['projector'],
      registers: [this.registry],
      async collect() {
        for (const { projector, lag } of (await sources()?.projectionLag()) ?? []) this.set({ projector }, lag);
      },
    });
    new Gauge({
      name: 'quiz_disk_free_bytes',
      help: 'Free bytes of the disk holding DATA_DIR (uploads; with the embedded store the database too).',
      registers: [this.registry],
      async collect() {
        const disk = await sources()?.disk?.();
        if (disk) this.set(disk.freeBytes);
      },
    });
    new Gauge({
      name: 'quiz_disk_floor_bytes',
      help: 'The free bytes uploads leave on that disk (UPLOADS_MIN_FREE_BYTES): below it uploads are refused.',
      registers: [this.registry],
      async collect() {
        const disk = await sources()?.disk?.();
        if (disk) this.set(disk.floorBytes);
      },
    });
    new Gauge({
      name: 'quiz_live_state_lag_events',
      help: 'Events the live state is behind the log (0 when /api/ready says ready).',
      registers: [this.registry],
      async collect() {
        const lag = await sources()?.liveLag();
        if (lag !== undefined) this.set(lag);
      },
    });
  }

  /** The Prometheus text of this server's metrics and the process's. */
  async text(): Promise<string> {
    return Registry.merge([this.registry, processRegistry()]).metrics();
  }

  /** Connects the gauges to the running server. */
  watch(sources: MetricSources): void {
    this.sources = sources;
  }

  commandHandled(type: string, outcome: CommandOutcome): void {
    this.commands.inc({ type });
    if (!outcome.ok) this.rejections.inc({ type, reason: outcome.reason });
  }

  commandsRedecided(commands: number, cause: ConflictCause): void {
    this.redecided.inc({ cause }, commands);
  }

  batchCommitted(commands: number, appendSeconds: number, pushSeconds: number): void {
    this.batchCommands.observe(commands);
    this.appendSeconds.observe(appendSeconds);
    this.pushSeconds.observe(pushSeconds);
  }
}
