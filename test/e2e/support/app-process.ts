import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** The built server (`npm run build`, as CI does before the tests), built here when stale, one build at a time. */
export function ensureBuiltServer(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-stale.js'), 'server'], {
    cwd: root,
    stdio: 'inherit',
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** One app instance as a real process (`node dist/src/main.js`), as a deployment runs it. */
export class AppProcess {
  output = '';
  private child: ChildProcess | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  /** Starts the process; resolves once /api/health answers, fails if it exits first. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [path.join(root, 'dist/src/main.js')], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '', HOST: '127.0.0.1', PORT: String(this.port), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (this.output += chunk));
    child.stderr!.on('data', (chunk) => (this.output += chunk));
    this.child = child;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.name} exited while starting:\n${this.output}`);
      if (
        await fetch(`${this.url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM, as an orchestrator stops a container: the server closes its sockets and its store. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * deploy/haproxy.cfg in front of instances on this machine: the same settings (checks, timeouts,
 * forwarding), with the compose service names replaced by local ports, Docker's DNS left out and
 * fewer connections (the deployed maxconn needs more file descriptors than a test machine may allow).
 */
export function localHaproxyConfig(
  deployed: string,
  port: number,
  servers: Array<{ name: string; port: number }>,
): string {
  const lines = deployed.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^resolvers /.test(line)) {
      while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1]!)) i++; // the whole section
      continue;
    }
    if (/^\s+server /.test(line)) continue;
    if (/^\s+bind .*accept-proxy/.test(line)) continue; // the TLS door behind Caddy: no Caddy here
    out.push(
      line
        .replace(/^(\s+bind )\S+/, `$1127.0.0.1:${port}`)
        .replace(/ resolvers \S+ init-addr \S+/, '')
        .replace(/^(\s+maxconn )\d+/, '$11000'),
    );
    if (/^backend /.test(line)) out.push(...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`));
  }
  return out.join('\n');
}

/** HAProxy in the foreground, or null where it is not installed. */
export class LoadBalancer {
  output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout!.on('data', (chunk) => (this.output += chunk));
    child.stderr!.on('data', (chunk) => (this.output += chunk));
  }

  static async start(configFile: string, port: number): Promise<LoadBalancer | null> {
    const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const missing = await new Promise<boolean>((resolve) => {
      child.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ENOENT'));
      child.once('spawn', () => resolve(false));
    });
    if (missing) return null;
    const lb = new LoadBalancer(child, port);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${lb.output}`);
      if (
        await fetch(`${lb.url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return lb;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
