/**
 * Child processes of the scale benches: the real server, the raw `ws` reference, client workers;
 * each optionally pinned to CPUs with taskset, and read from /proc (CPU time, RSS).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The repository root (benches run from dist-bench/test/bench). */
export const ROOT = path.resolve(__dirname, '../../../..');
/** The server's production build (npm run build:server): the server the benches start. */
export const DIST = path.join(ROOT, 'dist');
/** The benches' own build (npm run build:bench, tsconfig.bench.json): their child processes' scripts. */
export const BENCH_DIST = path.join(ROOT, 'dist-bench');

const HEAP_PROBE = path.join(BENCH_DIST, 'test/bench/support/heap-probe.js');

export interface NodeProcessOptions {
  env?: Record<string, string>;
  /** taskset CPU list. */
  cpus?: string | null;
  /** A lower scheduling priority (`nice -n`), 1 to 19, or `idle` (SCHED_IDLE: only CPU nobody else wants); 0 or absent: as the bench's own. */
  nice?: number | 'idle';
  /** Loads the heap probe (SIGUSR2 → collect garbage, print the heap), see heapProbe(). */
  heapProbe?: boolean;
  /** Node's own flags, before the script. */
  nodeFlags?: string[];
  /** With BENCH_PROFILE_DIR set: write a CPU profile of this process there (servers only, not the clients). */
  profile?: boolean;
}

/** A node process with its stdout read line by line; `lines` sees every line, `waitFor` the first that matches. */
export class NodeProcess {
  private buffered = '';
  private readonly listeners = new Set<(line: string) => void>();
  readonly exited: Promise<number | null>;

  private constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString();
      let newline: number;
      while ((newline = this.buffered.indexOf('\n')) >= 0) {
        const line = this.buffered.slice(0, newline);
        this.buffered = this.buffered.slice(newline + 1);
        for (const listener of this.listeners) listener(line);
      }
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static start(script: string, args: string[], options: NodeProcessOptions = {}): NodeProcess {
    const profile =
      options.profile && process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : [];
    const probe = options.heapProbe ? ['--expose-gc', '--require', HEAP_PROBE] : [];
    const nodeArgs = [...(options.nodeFlags ?? []), ...profile, ...probe, script, ...args];
    const pinned = options.cpus ? ['taskset', '-c', options.cpus] : [];
    const niced =
      options.nice === 'idle' ? ['chrt', '--idle', '0'] : options.nice ? ['nice', '-n', String(options.nice)] : [];
    const [command, ...commandArgs] = [...niced, ...pinned, process.execPath, ...nodeArgs] as [string, ...string[]];
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    return new NodeProcess(child);
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The first line matching, from now on; rejects when the process exits first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const listener = (line: string) => {
        const match = pattern.exec(line);
        if (!match) return;
        this.listeners.delete(listener);
        resolve(match);
      };
      this.listeners.add(listener);
      void this.exited.then((code) => {
        if (this.listeners.delete(listener))
          reject(new Error(`process ${this.pid} exited with ${code} before printing ${pattern}`));
      });
    });
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill(signal);
    await this.exited;
  }

  /** Collects garbage twice in the process and returns its memory (needs heapProbe). */
  async heap(): Promise<HeapFigures> {
    const line = this.waitFor(/^heap-probe (.*)$/);
    this.child.kill('SIGUSR2');
    return JSON.parse((await line)[1]!) as HeapFigures;
  }
}

export interface HeapFigures {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** Heap in use plus memory held outside the heap (socket buffers as Buffers), in bytes. */
export const heapBytes = (h: HeapFigures): number => h.heapUsed + h.external;

/** CPU seconds (user + system) the process has used, from /proc (10 ms ticks). */
export async function cpuSeconds(pid: number): Promise<number> {
  return cpuSecondsOf(await readFile(`/proc/${pid}/stat`, 'utf8'));
}

/** User and system CPU seconds from a `/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat` line. */
function cpuSecondsOf(stat: string): number {
  const { user, system } = userAndSystemOf(stat);
  return user + system;
}

function userAndSystemOf(stat: string): { user: number; system: number } {
  // The fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

export interface ThreadSplit {
  main: number;
  /** The hashing threads: argon2's own (src/identity/argon2-threads.ts; named from Node 22 on) and libuv's pool. */
  pool: number;
  v8: number;
  other: number;
  /** Of `pool`: the kernel's part (mostly the fresh pages of each hash's memory). */
  poolSystem: number;
  /** Seconds the hashing threads were ready to run but waited for a core (/proc/…/schedstat). */
  poolWaiting: number;
}

/**
 * A process's CPU seconds by thread kind: the main thread, the hashing threads, V8's helpers (garbage
 * collection, compiling) and the rest. Thread names from Node 22 on; before, every thread but the
 * main one counts as `other`.
 */
export async function cpuByThread(pid: number): Promise<ThreadSplit> {
  const split: ThreadSplit = { main: 0, pool: 0, v8: 0, other: 0, poolSystem: 0, poolWaiting: 0 };
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const task = `/proc/${pid}/task/${tid}`;
    const [comm, stat, schedstat] = await Promise.all([
      readFile(`${task}/comm`, 'utf8'),
      readFile(`${task}/stat`, 'utf8'),
      readFile(`${task}/schedstat`, 'utf8'),
    ]).catch(() => ['', '', '']);
    if (!stat) continue;
    const { user, system } = userAndSystemOf(stat);
    const name = comm.trim();
    const kind =
      Number(tid) === pid
        ? 'main'
        : name === 'libuv-worker' || name === 'argon2'
          ? 'pool'
          : name.startsWith('node-V8Worker') || name === 'V8 DefaultWorke'
            ? 'v8'
            : 'other';
    split[kind] += user + system;
    if (kind === 'pool') {
      split.poolSystem += system;
      split.poolWaiting += Number(schedstat.split(' ')[1] ?? 0) / 1e9;
    }
  }
  return split;
}

/** The machine's idle CPU seconds (all cores), from /proc/stat. */
export async function machineIdleSeconds(): Promise<number> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  return (fields[3]! + fields[4]!) / 100; // idle + iowait, in clock ticks of 1/100 s
}

export async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
}

export interface ServerOptions {
  dataDir: string;
  jwtSecret: string;
  cpus?: string | null;
  heapProbe?: boolean;
  env?: Record<string, string>;
}

export interface BenchServer {
  process: NodeProcess;
  port: number;
  url: string;
  wsUrl: string;
  /** The server's own timing of its start (LOG_LEVEL=debug, "Startphasen"), e.g. "modules 812, storage 1934, …". */
  startPhases: Promise<string>;
}

/** The real server (dist/src/main.js) on a port the OS picks; resolves once it announced its address. */
export async function startServer(options: ServerOptions): Promise<BenchServer> {
  // BENCH_SERVER_DIST: another build's dist/ (e.g. a worktree at the commit before), run by this harness: before and after side by side.
  const server = NodeProcess.start(path.join(process.env.BENCH_SERVER_DIST ?? DIST, 'src/main.js'), [], {
    cpus: options.cpus,
    profile: true,
    heapProbe: options.heapProbe,
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      JWT_SECRET: options.jwtSecret,
      ADMIN_PASSWORD: 'bench-admin',
      LOG_LEVEL: 'debug',
      ...options.env,
    },
  });
  const startPhases = server.waitFor(/Startphasen in ms: ([a-zA-Z0-9, ]*)/).then(
    (m) => m[1]!.trim(),
    () => '',
  );
  const [, port] = await server.waitFor(/Quiz-Show läuft: http:\/\/127\.0\.0\.1:(\d+)/);
  return {
    process: server,
    port: Number(port),
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    startPhases,
  };
}

/** The raw `ws` reference server (raw-broadcast-server.ts). */
export async function startRawServer(
  options: { cpus?: string | null; heapProbe?: boolean } = {},
): Promise<BenchServer> {
  const raw = NodeProcess.start(path.join(BENCH_DIST, 'test/bench/raw-broadcast-server.js'), [], {
    ...options,
    profile: true,
    env: { PORT: '0' },
  });
  const [, port] = await raw.waitFor(/^listening (\d+)/);
  return {
    process: raw,
    port: Number(port),
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/`,
    startPhases: Promise.resolve(''),
  };
}

/** Polls /api/health until it answers 200 (the server's own definition of ready); resolves with the moment it did. */
export async function waitHealthy(url: string): Promise<number> {
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The machine's count of connections dropped because a listening socket's accept queue was full
 * (TcpExt ListenOverflows): a server too busy to accept makes clients wait for SYN retransmits.
 */
export async function listenOverflows(): Promise<number> {
  const lines = (await readFile('/proc/net/netstat', 'utf8')).split('\n');
  const header = lines.findIndex((line) => line.startsWith('TcpExt:'));
  const names = lines[header]!.split(' ');
  const values = lines[header + 1]!.split(' ');
  return Number(values[names.indexOf('ListenOverflows')] ?? 0);
}

/** Polls /api/health until every read projection has caught up with the log. */
export async function projectionsCaughtUp(url: string): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { projections: Array<{ lag: number }> };
    if (health.projections.every((p) => p.lag === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What hash-rate.ts measures: the machine's hash rate as the server hashes, and the hashing threads' CPU per hash. */
export interface HashOnly {
  hashesPerSecond: number;
  /** ms, and the kernel's part of it; null where the threads have no names to find them by (before Node 22). */
  cpuMsPerHash: number | null;
  systemMsPerHash: number | null;
}

/** Runs hash-rate.ts in a process of its own (pinned to `cpus` when given) over `hashes` verifications. */
export async function measureHashOnly(hashes: number, cpus?: string | null): Promise<HashOnly> {
  const child = NodeProcess.start(
    path.join(BENCH_DIST, 'test/bench/support/hash-rate.js'),
    ['--hashes', String(hashes)],
    { cpus },
  );
  const [, json] = await child.waitFor(/^hash-rate (.*)$/);
  await child.exited;
  return JSON.parse(json!) as HashOnly;
}
