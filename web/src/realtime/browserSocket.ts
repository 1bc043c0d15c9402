/** The browser's WebSocket for the realtime client, and the address of the server's socket (the app's and the stream overlay's). */
import { config } from '../config';
import type { SocketFactory } from './client';

export const browserSocket: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => handlers.onMessage(typeof event.data === 'string' ? event.data : '');
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code);
  return { send: (data) => socket.send(data), close: () => socket.close() };
};

export function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${config.wsPath}`;
}
