import type { WebSocket } from 'ws';

/**
 * A push goes to every socket of a scope with the same bytes. `ws` frames a message anew for each
 * socket (a header, then header and payload as two writes, corked: a writev) and that per-socket work
 * was the largest cost of a question start after the system calls themselves (docs/benchmarks.md,
 * "CPU per question start"). Here a push's frame is made once, header and payload in one buffer
 * (RFC 6455 5.2: a final, unmasked text frame, as a server sends it), and written to each socket as
 * one write. Where `ws` might do anything else with a message (an extension such as permessage-deflate
 * negotiated, or its sender busy with a queue), the message goes through `ws.send` as before.
 */
export function wireTextFrame(payload: Buffer): Buffer {
  return wireTextFrameOf([payload]);
}

/**
 * The frame of a text message given in pieces (strings as UTF-8, bytes as they are), made in one buffer:
 * a reply (a snapshot of several views above all) is copied once, not joined first and framed after.
 */
export function wireTextFrameOf(parts: ReadonlyArray<string | Buffer>): Buffer {
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  let at = headerLength;
  for (const part of parts) at += typeof part === 'string' ? frame.write(part, at) : part.copy(frame, at);
  return frame;
}

/** The message a frame made by wireTextFrameOf carries (its payload, without the header). */
export function payloadOf(frame: Buffer): Buffer {
  const length = (frame[1] ?? 0) & 0x7f;
  return frame.subarray(length < 126 ? 2 : length === 126 ? 4 : 10);
}

/** What of `ws`'s socket the direct write needs (its internals: the TCP socket and the sender's state). */
interface WsInternals {
  _socket?: { write(bytes: Buffer): boolean } | null;
  _sender?: { _state: number; _queue: unknown[] } | null;
}

/** The sender's state when it frames and writes at once (ws/lib/sender.js DEFAULT). */
const SENDER_IDLE = 0;

/**
 * Writes a frame made by wireTextFrame to an open socket as one write, where that is exactly what
 * `ws.send` would put on the wire; returns false (nothing written) where it is not, and the caller
 * sends the payload with `ws.send`.
 */
export function writeWireFrame(socket: WebSocket, frame: Buffer): boolean {
  const { _socket: tcp, _sender: sender } = socket as unknown as WsInternals;
  if (!tcp || !sender || sender._state !== SENDER_IDLE || sender._queue.length > 0 || socket.extensions !== '')
    return false;
  tcp.write(frame);
  return true;
}
