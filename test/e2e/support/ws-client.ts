import { applyPatch, deepClone, type Operation } from 'fast-json-patch';
import WebSocket from 'ws';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A real WebSocket client speaking PROTOCOL.md: request/reply by id, `st` pushes applied to its
 * copy of the views, a re-sync on a version gap, and a record of every frame it received.
 */
export class WsClient {
  readonly frames: Json[] = [];
  readonly views: Json = {};
  readonly versions: Record<string, number> = {};
  gaps = 0;
  private nextId = 1;
  private readonly pending = new Map<number, (content: Json) => void>();
  private readonly watchers = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(JSON.parse(data.toString()) as Json));
  }

  static connect(url: string, origin?: string): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, origin ? { origin } : {});
      socket.once('open', () => resolve(new WsClient(socket)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  /** Connects, authenticates and loads the views. */
  static async open(url: string, token: string): Promise<WsClient> {
    const client = await WsClient.connect(url);
    const auth = await client.request('sa', { token });
    if (!auth.success) throw new Error(`sa failed: ${auth.message}`);
    await client.sync();
    return client;
  }

  /** Sends a frame and resolves with its reply's content; `commandId` makes a resend of the same command. */
  request(type: string, content: Json = {}, commandId?: string): Promise<Json> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ type, id, content, ...(commandId === undefined ? {} : { commandId }) }));
    });
  }

  /** Sends a raw frame and waits for the next reply frame. */
  sendRaw(frame: string | Buffer): Promise<Json> {
    return new Promise((resolve) => {
      const before = this.frames.length;
      const check = () => {
        const reply = this.frames.slice(before).find((f) => f.type === 'reply');
        if (reply) {
          this.watchers.delete(check);
          resolve(reply);
        }
      };
      this.watchers.add(check);
      this.socket.send(frame);
    });
  }

  async sync(): Promise<void> {
    const snapshot = await this.request('sg');
    if (!snapshot.success) throw new Error(`sg failed: ${snapshot.message}`);
    for (const key of Object.keys(this.views)) delete this.views[key];
    Object.assign(this.views, deepClone(snapshot.views));
    Object.assign(this.versions, snapshot.versions);
    this.notify();
  }

  /** Resolves once `predicate(views)` holds (checked after every frame). */
  until<T>(predicate: (views: Json) => T | undefined | null | false, timeoutMs = 15_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        reject(
          new Error(`condition not met within ${timeoutMs} ms; views: ${JSON.stringify(this.views).slice(0, 2000)}`),
        );
      }, timeoutMs);
      const check = () => {
        let result: T | undefined | null | false;
        try {
          result = predicate(this.views);
        } catch {
          result = undefined;
        }
        if (result) {
          clearTimeout(timer);
          this.watchers.delete(check);
          resolve(result);
        }
      };
      this.watchers.add(check);
      check();
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  private receive(frame: Json): void {
    this.frames.push(frame);
    if (frame.type === 'reply' && typeof frame.replyTo === 'number') {
      this.pending.get(frame.replyTo)?.(frame.content as Json);
      this.pending.delete(frame.replyTo);
    } else if (frame.type === 'st') {
      this.applyPush(frame.content as Json);
    }
    this.notify();
  }

  private applyPush({ scope, version, value, patch }: Json): void {
    if (value !== undefined) {
      this.views[scope] = deepClone(value);
      this.versions[scope] = version;
      return;
    }
    if (this.versions[scope] !== version - 1 || this.views[scope] == null) {
      this.gaps++;
      void this.sync();
      return;
    }
    this.views[scope] = applyPatch(deepClone(this.views[scope]), patch as Operation[], true, false).newDocument;
    this.versions[scope] = version;
  }

  private notify(): void {
    for (const watcher of [...this.watchers]) watcher();
  }
}
