import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { payloadOf, wireTextFrame, wireTextFrameOf, writeWireFrame } from '../../src/realtime/wire-frame';

/** A real ws server and client on loopback: the server's end of the one connection, and what the client receives. */
async function connectedPair(options: { perMessageDeflate: boolean }) {
  const server = new WebSocketServer({ port: 0, perMessageDeflate: options.perMessageDeflate });
  const serverSide = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    perMessageDeflate: options.perMessageDeflate,
  });
  const received: string[] = [];
  const waiting: Array<() => void> = [];
  client.on('message', (data, isBinary) => {
    if (isBinary) throw new Error('a binary frame arrived');
    received.push(data.toString());
    waiting.shift()?.();
  });
  await new Promise((resolve) => client.once('open', resolve));
  const socket = await serverSide;
  const next = () => new Promise<void>((resolve) => waiting.push(resolve));
  const close = async () => {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  };
  return { socket, received, next, close };
}

describe('a push framed once and written to each socket as one write (wire-frame.ts)', () => {
  it.each([
    ['a short push (length in the first header byte)', 50],
    ['a question start (16-bit length)', 300],
    ['a whole view (64-bit length)', 70_000],
  ])(
    'given %s, when written as a wire frame, then the client receives it as the same text message',
    async (_what, length) => {
      const pair = await connectedPair({ perMessageDeflate: false });
      try {
        const text = JSON.stringify({ type: 'st', content: `ä${'a'.repeat(length)}` });
        const arrived = pair.next();
        expect(writeWireFrame(pair.socket, wireTextFrame(Buffer.from(text)))).toBe(true);
        await arrived;
        expect(pair.received).toEqual([text]);
      } finally {
        await pair.close();
      }
    },
  );

  it.each([
    ['a short reply', 40],
    ['a reply with a 16-bit length', 400],
    ['a snapshot with a 64-bit length', 70_000],
  ])(
    'given %s in pieces (strings with umlauts and bytes), when framed at once and written, then the client receives their text joined',
    async (_what, length) => {
      const pair = await connectedPair({ perMessageDeflate: false });
      try {
        const parts = ['{"type":"reply","content":', Buffer.from(`{"ä":"${'a'.repeat(length)}"`), ',"ö":"ü"}', '}'];
        const text = parts.map(String).join('');
        const frame = wireTextFrameOf(parts);
        expect(payloadOf(frame).toString()).toBe(text);
        const arrived = pair.next();
        expect(writeWireFrame(pair.socket, frame)).toBe(true);
        await arrived;
        expect(pair.received).toEqual([text]);
      } finally {
        await pair.close();
      }
    },
  );

  it('given a connection with permessage-deflate, when a wire frame is offered, then nothing is written and the caller sends it with ws', async () => {
    const pair = await connectedPair({ perMessageDeflate: true });
    try {
      expect(pair.socket.extensions).not.toBe('');
      expect(writeWireFrame(pair.socket, wireTextFrame(Buffer.from('{"type":"st"}')))).toBe(false);
      const arrived = pair.next();
      pair.socket.send('{"type":"st"}');
      await arrived;
      expect(pair.received).toEqual(['{"type":"st"}']);
    } finally {
      await pair.close();
    }
  });
});
