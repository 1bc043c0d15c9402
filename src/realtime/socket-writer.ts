import type { WebSocket } from 'ws';
import { SerializedContent, type ReplyContent } from './envelope';
import type { RealtimeLog } from './session';
import { payloadOf, wireTextFrame, wireTextFrameOf, writeWireFrame } from './wire-frame';

/** A socket whose unsent data passes this is dropped (it re-syncs on reconnect) instead of slowing the rest. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** ws's send options for every frame: text, also when it is bytes (one object, not one per socket and push). */
const AS_TEXT = { binary: false } as const;

/** The frames that go out: replies (numbered, slow sockets dropped at once) and pushes (one frame for a whole scope). */
export class SocketWriter {
  private replyId = 0;
  /** The last pushed bytes framed for the wire: the hub hands one scope's sockets the same buffer one after another. */
  private lastPushed: { payload: Buffer; frame: Buffer } | null = null;

  constructor(private readonly log: RealtimeLog) {}

  /**
   * `{"type":"reply","id":…,"replyTo":…,"content":…}`, as JSON.stringify would write it: framed in one
   * buffer and written as one write where ws would write the same (wire-frame.ts), else through ws.send.
   */
  reply(socket: WebSocket, replyTo: unknown, content: ReplyContent): void {
    if (socket.readyState !== socket.OPEN) return;
    if (this.droppedIfSlow(socket)) return;
    const id = typeof replyTo === 'number' || typeof replyTo === 'string' ? replyTo : null;
    const head = `{"type":"reply","id":${++this.replyId},"replyTo":${JSON.stringify(id)},"content":`;
    const frame = wireTextFrameOf(
      content instanceof SerializedContent ? [head, ...content.parts, '}'] : [`${head}${JSON.stringify(content)}}`],
    );
    if (!writeWireFrame(socket, frame)) socket.send(payloadOf(frame), AS_TEXT); // bytes go out as a text frame too
  }

  /** A push: the same frame to every socket of a scope; slow sockets are dropped by the sweep (SLOW_SOCKET_SWEEP_MS). */
  push(socket: WebSocket, frame: string | Buffer): boolean {
    if (socket.readyState !== socket.OPEN) return false;
    if (typeof frame === 'string' || !writeWireFrame(socket, this.wireFrameOf(frame))) socket.send(frame, AS_TEXT);
    return true;
  }

  private wireFrameOf(payload: Buffer): Buffer {
    if (this.lastPushed?.payload !== payload) this.lastPushed = { payload, frame: wireTextFrame(payload) };
    return this.lastPushed.frame;
  }

  droppedIfSlow(socket: WebSocket): boolean {
    if (socket.bufferedAmount <= MAX_BUFFERED_BYTES) return false;
    this.log.warn(`dropping a client ${socket.bufferedAmount} bytes behind`);
    socket.terminate();
    return true;
  }
}
