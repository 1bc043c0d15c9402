/**
 * The baseline of bench:ws: a bare `ws` server that, when the control socket sends a frame, sends
 * exactly that frame to every other connected client. No auth, no state, no views: what a broadcast
 * costs on this machine. Started by ws.bench.ts as a child process on PORT.
 */
import { WebSocketServer, type WebSocket } from 'ws';

const server = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' });
const clients = new Set<WebSocket>();

server.on('connection', (socket, request) => {
  const isControl = request.url === '/control';
  if (!isControl) clients.add(socket);
  socket.on('close', () => clients.delete(socket));
  socket.on('message', (data) => {
    if (!isControl) return;
    const frame = data.toString();
    for (const client of clients) client.send(frame);
  });
});
server.on('listening', () => process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`));
// A clean exit on SIGTERM, so that `node --cpu-prof` (BENCH_PROFILE_DIR) writes its profile.
process.on('SIGTERM', () => process.exit(0));
