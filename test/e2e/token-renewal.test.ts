/**
 * Issue 34 ("The first minute of a show"): a returning player needs no password. A player token used
 * within its 30-day idle window and older than a day is renewed, on `sa` (the reply's `token`) and over
 * HTTP (`X-Renewed-Token`); a renewed token ends by every rule that ends tokens (password change, block,
 * logout everywhere, erasure), and a role never turns into a long token. Real server, real sockets.
 */
import jwt from 'jsonwebtoken';
import WebSocket from 'ws';
import { TOKEN_LIFETIME_SECONDS } from '../../src/auth/jwt';
import { BLOCKED_TEXT } from '../../src/auth/token-holder';
import { RENEWED_TOKEN_HEADER } from '../../src/auth/token-renewal';
import { SOCKET_CLOSE_CODES } from '../../wire';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, E2E_JWT_SECRET, login, registerAndLogin } from './support/test-server';
import { WsClient } from './support/ws-client';

const suite = serverForSuite();
const DAY = 24 * 3600;

/** A token as the server signed it `days` ago (the last login then too). */
function issuedDaysAgo(userId: string, days: number, generation = 0): string {
  const iat = Math.floor(Date.now() / 1000) - Math.round(days * DAY);
  return jwt.sign(
    { id: userId, perm: [], gen: generation, lat: iat, iat, exp: iat + TOKEN_LIFETIME_SECONDS },
    E2E_JWT_SECRET,
    { algorithm: 'HS256' },
  );
}

async function get(path: string, token: string) {
  const response = await fetch(`${suite.env.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    renewed: response.headers.get(RENEWED_TOKEN_HEADER),
    body: (await response.json()) as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

async function send(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${suite.env.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status;
}

/** `sa` on a fresh socket: its reply, and the socket (closed after the file). */
async function authenticate(token: string): Promise<{ reply: Record<string, unknown>; socket: WsClient }> {
  const socket = await WsClient.connect(suite.env.wsUrl);
  opened.push(socket);
  return { reply: await socket.request('sa', { token }), socket };
}
const opened: WsClient[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

function closed(client: WsClient): Promise<number> {
  return new Promise((resolve) => {
    if (client.socket.readyState === WebSocket.CLOSED) return resolve(-1);
    client.socket.once('close', (code) => resolve(code));
  });
}

/** A player back after a week: `sa` with last week's token hands out the renewed one, and the socket holding it. */
async function returningPlayer(login_: string): Promise<{ userId: string; renewed: string; socket: WsClient }> {
  const { userId } = await registerAndLogin(suite.env.url, login_);
  const { reply, socket } = await authenticate(issuedDaysAgo(userId, 7));
  expect(reply).toEqual({ success: true, token: expect.any(String) });
  return { userId, renewed: reply.token as string, socket };
}

describe('sliding player tokens', () => {
  it("given last week's token, then sa and HTTP answer with a renewed one for 30 more days; a token from today is not renewed; one idle for 31 days is refused", async () => {
    const { userId, renewed } = await returningPlayer('wiederkehrerin');
    const claims = jwt.decode(renewed) as Record<string, number>;
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(TOKEN_LIFETIME_SECONDS - 60);
    expect((await authenticate(renewed)).reply).toEqual({ success: true });

    const overHttp = await get('/api/tokens/current', issuedDaysAgo(userId, 8));
    expect(overHttp).toMatchObject({ status: 200, body: { data: { id: userId } } });
    expect((jwt.decode(overHttp.renewed!) as Record<string, unknown>).id).toBe(userId);
    expect((await get('/api/tokens/current', renewed)).renewed).toBeNull();

    const idle = issuedDaysAgo(userId, 31);
    expect((await get('/api/tokens/current', idle)).status).toBe(401);
    expect((await authenticate(idle)).reply).toMatchObject({ success: false });
  });

  it('given a renewed token, when the password is changed, then it answers 401 and its socket closes', async () => {
    const { userId, renewed, socket } = await returningPlayer('passwortwechsel');
    const socketClosed = closed(socket);
    expect(
      await send('PATCH', `/api/users/${userId}`, renewed, {
        data: {
          type: 'users',
          id: userId,
          attributes: { newPassword: 'ganz-neu-123', currentPassword: 'passwort123' },
        },
      }),
    ).toBe(200);
    expect(await socketClosed).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    expect((await get('/api/tokens/current', renewed)).status).toBe(401);
    expect((await authenticate(renewed)).reply).toMatchObject({ success: false });
  });

  it('given a renewed token, when the admin blocks the player, then it is refused with the German text', async () => {
    const { userId, renewed, socket } = await returningPlayer('gesperrt');
    const admin = await WsClient.open(suite.env.wsUrl, await login(suite.env.url, 'admin', ADMIN_PASSWORD));
    opened.push(admin);
    const socketClosed = closed(socket);
    expect(await admin.request('abl', { userId, blocked: true })).toEqual({ success: true });
    expect(await socketClosed).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    expect((await get('/api/tokens/current', renewed)).status).toBe(401);
    expect((await authenticate(renewed)).reply).toEqual({ success: false, message: BLOCKED_TEXT });
  });

  it("given a renewed token, when the player logs out everywhere with last week's, then both end", async () => {
    const { userId, renewed, socket } = await returningPlayer('abmelderin');
    const socketClosed = closed(socket);
    expect(await send('POST', '/api/token-logout-all', issuedDaysAgo(userId, 7))).toBe(200);
    expect(await socketClosed).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    expect((await get('/api/tokens/current', renewed)).status).toBe(401);
    expect((await authenticate(renewed)).reply).toMatchObject({ success: false });
  });

  it('given a renewed token, when the player erases the account, then it is refused', async () => {
    const { renewed, socket } = await returningPlayer('loeschende');
    const socketClosed = closed(socket);
    expect(await send('DELETE', '/api/users/me', renewed, { currentPassword: 'passwort123' })).toBe(204);
    expect(await socketClosed).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    expect((await get('/api/tokens/current', renewed)).status).toBe(401);
    expect((await authenticate(renewed)).reply).toMatchObject({ success: false });
  });

  it('given a role granted to a returning player, then no token of theirs is renewed while they hold it, and taken away again it leaves a renewed token no operator power', async () => {
    const { userId, renewed } = await returningPlayer('befoerdert');
    const admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const roles = (list: string[]) =>
      send('PUT', `/api/users/${userId}/roles`, admin, {
        data: { type: 'users', id: userId, attributes: { roles: list } },
      });
    expect(await roles(['moderator'])).toBe(200);
    // Operators keep short tokens: last week's player token is not renewed now (with a role change ending tokens, it is refused outright).
    const lastWeeks = issuedDaysAgo(userId, 7);
    expect((await get('/api/tokens/current', lastWeeks)).renewed).toBeNull();
    expect((await authenticate(lastWeeks)).reply.token).toBeUndefined();
    expect(await roles([])).toBe(200);
    expect(await send('GET', '/api/users', renewed)).not.toBe(200);
  });
});
