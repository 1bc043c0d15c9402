import jwt from 'jsonwebtoken';
import WebSocket from 'ws';
import {
  ADMIN_PASSWORD,
  api,
  E2E_JWT_SECRET,
  login,
  registerAndLogin,
  startTestServer,
  type TestServer,
} from './support/test-server';
import { WsClient } from './support/ws-client';
import { AUTH_TEXTS, SOCKET_TEXTS } from '../../src/edge-texts';

/** Bad input gets a clear answer and changes nothing; the server keeps serving. */
describe('bad input over the wire', () => {
  let env: TestServer;
  let player: { token: string; userId: string };
  let client: WsClient;

  beforeAll(async () => {
    env = await startTestServer();
    player = await registerAndLogin(env.url, 'bertha');
    client = await WsClient.open(env.wsUrl, player.token);
  });
  afterAll(async () => {
    await client.close();
    await env.destroy();
  });

  const lastPosition = () => env.server.storage.events.lastPosition();

  async function expectServerStillServes(): Promise<void> {
    expect((await api(env.url, 'GET', '/api/health')).status).toBe(200);
    expect(await client.request('sg')).toMatchObject({ success: true });
  }

  it.each([
    ['malformed JSON', '{"type": "gp", "id": 1, "content": {', SOCKET_TEXTS.notJson, null],
    ['a JSON array', '[1, 2, 3]', SOCKET_TEXTS.badEnvelope, null],
    ['a number', '42', SOCKET_TEXTS.badEnvelope, null],
    ['a missing type', '{"id": 11, "content": {}}', SOCKET_TEXTS.badEnvelope, 11],
    ['a type that is not a string', '{"type": 7, "id": 12}', SOCKET_TEXTS.badEnvelope, 12],
    ['content that is not an object', '{"type": "gp", "id": 13, "content": "Paris"}', SOCKET_TEXTS.badContent, 13],
    ['an unknown type', '{"type": "xyz", "id": 14, "content": {}}', SOCKET_TEXTS.unknownType('xyz'), 14],
  ])('given %s, then the reply says what is wrong and nothing is appended', async (_what, frame, message, replyTo) => {
    const before = await lastPosition();
    const reply = await client.sendRaw(frame);
    expect(reply.content).toEqual({ success: false, message });
    expect(reply.replyTo).toBe(replyTo);
    expect(await lastPosition()).toBe(before);
    await expectServerStillServes();
  });

  it.each([
    ['a string id holding a NUL', '"\\u0000"', '\u0000'],
    ['a negative fraction', '-0.5', -0.5],
    ['the largest safe integer', String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
    ['a long string', JSON.stringify('x'.repeat(1000)), 'x'.repeat(1000)],
  ])('given a frame whose id is %s, then exactly one reply answers that id', async (_what, idJson, id) => {
    const before = client.frames.length;
    const reply = await client.sendRaw(
      `{"type": "gj", "id": ${idJson}, "content": {"id": "\\u0000", "password": 1e999}}`,
    );
    expect(reply.replyTo).toBe(id);
    expect(reply.content).toMatchObject({ success: false });
    expect(await client.request('ping')).toMatchObject({ success: true });
    expect(client.frames.slice(before).filter((f) => f.type === 'reply' && f.replyTo === id)).toHaveLength(1);
  });

  it.each([
    ['a proposal with a number as message', 'gp', { message: 12345 }],
    ['a favourite without a number', 'gf', {}],
    ['a star on a proposal that does not exist', 'gs', { number: 999 }],
    ['a join with a missing password', 'gj', { id: 'nope' }],
    ['a countdown from a player', 'mc', { time: 30 }],
    ['an admin tool from a player', 'ara', { recheckAt: 0 }],
  ])('given %s, then it is refused in German and nothing is appended', async (_what, type, content) => {
    const before = await lastPosition();
    const reply = await client.request(type, content);
    expect(reply.success).toBe(false);
    expect(typeof reply.message).toBe('string');
    expect(reply.message.length).toBeGreaterThan(5);
    expect(await lastPosition()).toBe(before);
  });

  it('given a frame over 64 KB, then the socket is closed with 1009 and the server keeps serving others', async () => {
    const victim = await WsClient.open(env.wsUrl, player.token);
    const closed = new Promise<number>((resolve) => victim.socket.once('close', (code) => resolve(code)));
    victim.socket.send(JSON.stringify({ type: 'gp', id: 1, content: { message: 'x'.repeat(70 * 1024) } }));
    expect(await closed).toBe(1009);
    await expectServerStillServes();
  });

  it('given a command before sa, then it is refused with the spec text', async () => {
    const early = await WsClient.connect(env.wsUrl);
    expect(await early.request('gp', { message: 'zu früh' })).toEqual({
      success: false,
      message: SOCKET_TEXTS.tooEarly,
    });
    expect(await early.request('sg')).toEqual({ success: false, message: SOCKET_TEXTS.tooEarly });
    await early.close();
  });

  describe('forged and expired tokens', () => {
    const payload = () => ({
      id: player.userId,
      perm: ['admin', 'moderator'],
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    const unsigned = () =>
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload())).toString('base64url')}.`;

    it.each([
      ['alg none', () => unsigned()],
      ['signed with the wrong key', () => jwt.sign(payload(), 'not-the-secret', { algorithm: 'HS256' })],
      [
        'another algorithm (HS512) with the right key',
        () => jwt.sign(payload(), E2E_JWT_SECRET, { algorithm: 'HS512' }),
      ],
      [
        'expired',
        () =>
          jwt.sign({ ...payload(), exp: Math.floor(Date.now() / 1000) - 10 }, E2E_JWT_SECRET, { algorithm: 'HS256' }),
      ],
      ['garbage', () => 'not.a.token'],
    ])('given a token %s, then sa and HTTP refuse it', async (_what, make) => {
      const token = make();
      const socket = await WsClient.connect(env.wsUrl);
      const reply = await socket.request('sa', { token });
      expect(reply).toEqual({ success: false, message: SOCKET_TEXTS.authFailed });
      expect(await socket.request('gp', { message: 'x' })).toMatchObject({ success: false });
      await socket.close();
      const current = await api(env.url, 'GET', '/api/tokens/current', undefined, token);
      expect(current.status).toBe(401);
      expect(current.body.errors[0].detail).toBe(AUTH_TEXTS.unauthenticated);
    });

    it('given a player token claiming moderator rights, then the roles come from the state and ma is refused', async () => {
      const forgedPerm = jwt.sign(payload(), E2E_JWT_SECRET, { algorithm: 'HS256' }); // right key, but perm says moderator
      const socket = await WsClient.open(env.wsUrl, forgedPerm);
      const reply = await socket.request('ma', { quiz: '1', round: 1, question: 1 });
      expect(reply.success).toBe(false);
      await socket.close();
    });
  });

  it('given a foreign Origin, then the upgrade is refused with 403 and the app origin is accepted', async () => {
    await expect(WsClient.connect(env.wsUrl, 'https://evil.example')).rejects.toThrow('upgrade refused: 403');
    const own = await WsClient.connect(env.wsUrl, env.url);
    expect(own.socket.readyState).toBe(WebSocket.OPEN);
    await own.close();
  });

  it('given HTTP bodies with missing or wrong fields, then 400 with a German detail and nothing appended', async () => {
    const before = await lastPosition();
    expect(await api(env.url, 'POST', '/api/token-auth/', {})).toMatchObject({ status: 400 });
    expect(await api(env.url, 'POST', '/api/token-auth/', { username: 'bertha', password: 'falsch' })).toMatchObject({
      status: 403,
      body: { errors: [{ detail: 'Sie haben ein falschen Nutzername oder ein falsches Passwort eingegeben.' }] },
    });
    expect(await api(env.url, 'POST', '/api/users', { data: { attributes: { login: 'x' } } })).toMatchObject({
      status: 400,
    });
    expect(await api(env.url, 'POST', '/api/teams', { name: 42 }, player.token)).toMatchObject({ status: 400 });
    const adminToken = await login(env.url, 'admin', ADMIN_PASSWORD);
    expect(await api(env.url, 'POST', '/api/quizzes', { yearWeek: '2026-1', content: [] }, adminToken)).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Kein Quizname gesetzt. Das Quiz wurde nicht gespeichert' }] },
    });
    expect(await lastPosition()).toBe(before);
  });

  it('given a registration with a taken login in other case, then 409 with the spec text', async () => {
    const again = await api(env.url, 'POST', '/api/users', { login: 'BERTHA', name: 'BERTHA', newPassword: 'x' });
    expect(again).toMatchObject({
      status: 409,
      body: { errors: [{ detail: 'Konnte diesen Nutzeraccount nicht anlegen, da es den Namen bereits gibt.' }] },
    });
  });
});
