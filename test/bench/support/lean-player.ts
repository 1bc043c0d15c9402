/**
 * A bench player: one WebSocket speaking PROTOCOL.md, lean enough that thousands fit in one client
 * process. It keeps no views and parses a reply only as far as its head (`replyTo`, `success`), so a
 * snapshot of every team's status is not parsed thousands of times on the client side.
 */
import WebSocket from 'ws';

export interface Reply {
  success: boolean;
  /** The whole content, parsed only when the reply is a refusal (its message). */
  message?: string;
  /** A refusal's `retry` and `retryAfterMs` (the server's hashing queue is full: resend then). */
  retry?: boolean;
  retryAfterMs?: number;
  /** A short successful reply's content (sa: a renewed `token`); long ones (sg) are not parsed. */
  content?: Record<string, unknown>;
}

const REPLY_HEAD = /^\{"type":"reply","id":\d+,"replyTo":(\d+|null),"content":\{"success":(true|false)/;

export const now = (): number => performance.timeOrigin + performance.now();

export class LeanPlayer {
  private nextId = 1;
  private readonly replies = new Map<number, (reply: Reply) => void>();
  /** Every frame that is not a reply (pushes), with the moment it arrived (epoch ms). */
  onFrame: ((raw: string, at: number) => void) | null = null;
  /** The socket closed (after it was open). */
  onClose: (() => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const at = now();
      const raw = data.toString();
      const head = REPLY_HEAD.exec(raw.length > 200 ? raw.slice(0, 200) : raw);
      if (head) {
        const replyTo = Number(head[1]);
        const resolve = this.replies.get(replyTo);
        this.replies.delete(replyTo);
        if (!resolve) return;
        if (head[2] === 'true')
          resolve(
            raw.length < 2000
              ? { success: true, content: (JSON.parse(raw) as { content: Record<string, unknown> }).content }
              : { success: true },
          );
        else {
          const { message, retry, retryAfterMs } = (
            JSON.parse(raw) as { content: { message?: string; retry?: boolean; retryAfterMs?: number } }
          ).content;
          resolve({ success: false, message: String(message), retry, retryAfterMs });
        }
        return;
      }
      this.onFrame?.(raw, at);
    });
    socket.on('close', () => {
      for (const resolve of this.replies.values()) resolve({ success: false, message: 'socket closed' });
      this.replies.clear();
      this.onClose?.();
    });
  }

  static connect(url: string, handshakeTimeoutMs: number): Promise<LeanPlayer> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: handshakeTimeoutMs });
      const failed = (error: Error) => {
        socket.removeAllListeners();
        socket.on('error', () => undefined);
        socket.terminate();
        reject(error);
      };
      socket.once('error', failed);
      socket.once('open', () => {
        socket.off('error', failed);
        socket.on('error', () => undefined); // a reset shows as close
        resolve(new LeanPlayer(socket));
      });
    });
  }

  request(type: string, content: Record<string, unknown> = {}, commandId?: string): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (this.socket.readyState !== WebSocket.OPEN) return resolve({ success: false, message: 'socket not open' });
      this.replies.set(id, resolve);
      this.socket.send(JSON.stringify({ type, id, content, ...(commandId === undefined ? {} : { commandId }) }));
    });
  }

  terminate(): void {
    this.onClose = null;
    this.socket.terminate();
  }
}
