import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the app and a database, for fault tests that must not touch the real server
 * (other test files use it at the same time): `cut` ends every connection at once (a restart, a
 * failover), `refuse` turns new connections away for a while (the server down), `stall` stops
 * forwarding with every socket left open (a frozen server, a network stall), `resume` ends both.
 */
export class FaultProxy {
  private readonly pairs = new Set<Pair>();
  private refusingUntil = 0;
  private stalled = false;
  /** Connections turned away while refusing. */
  refused = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    let proxy: FaultProxy | null = null;
    const server = createServer((client) => proxy!.accept(client));
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
    proxy = new FaultProxy(server, port, target);
    return proxy;
  }

  /** A proxy in front of the host and port of `url` (a postgres:// URL). */
  static async to(url: string): Promise<FaultProxy> {
    const { hostname, port } = new URL(url);
    return FaultProxy.start({ host: hostname, port: Number(port || 5432) });
  }

  /** `url` (a postgres:// URL) with its host and port replaced by the proxy's. */
  static through(url: string, port: number): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(port);
    return proxied.toString();
  }

  /** Ends every open connection at once (both sides get a reset). */
  cut(): void {
    for (const { client, upstream } of [...this.pairs]) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    this.pairs.clear();
  }

  /** Cuts every connection and refuses new ones for `ms` (they are reset as soon as they arrive). */
  refuse(ms: number): void {
    this.refusingUntil = Date.now() + ms;
    this.cut();
  }

  /** Stops forwarding in both directions; the sockets stay open, what arrives waits (a stall, not a cut). */
  stall(): void {
    this.stalled = true;
  }

  /** Ends a stall and a refusal: forwarding goes on where it stopped, with what arrived meanwhile. */
  resume(): void {
    this.refusingUntil = 0;
    this.stalled = false;
    for (const pair of [...this.pairs]) {
      for (const [chunk, to] of pair.held.splice(0)) if (!to.destroyed) to.write(chunk);
      if (pair.closeWhenResumed) pair.end();
    }
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (Date.now() < this.refusingUntil) {
      this.refused++;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    const pair: Pair = { client, upstream, held: [], closeWhenResumed: false, end: () => undefined };
    this.pairs.add(pair);
    // In a stall the far side does not hear of a close either: it learns of it when the stall ends
    // (a server keeps a vanished client's session, and its locks, until then or its own timeout).
    const end = () => {
      if (!this.pairs.has(pair)) return;
      if (this.stalled) {
        pair.closeWhenResumed = true;
        return;
      }
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    pair.end = end;
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (this.stalled) pair.held.push([chunk, to]);
      else to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
  }
}

interface Pair {
  client: Socket;
  upstream: Socket;
  /** What arrived during a stall, in order, and where it goes. */
  held: Array<[Buffer, Socket]>;
  /** One side closed during a stall: the other is closed when it ends. */
  closeWhenResumed: boolean;
  end: () => void;
}
