import { readdirSync, readFileSync, statSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import {
  DRAWING_STORED_HEIGHT,
  DRAWING_STORED_WIDTH,
  FIELD_MAXIMA,
  MAX_NAME_LENGTH,
  MESSAGE_MAX_LENGTH,
  TIE_BREAK_SOLUTION_MAX_LENGTH,
  thinDrawing,
  type DrawnStroke,
} from '../../projections/live';
import { ANSWER_REGEX_MAX_LENGTH } from '../../projections/live/rules/answer-regex';
import { FRAME_TOO_LARGE, MAX_FRAME_BYTES, utf8Length } from '../../wire';
import { RealtimeClient, type SocketFactory } from '../../web/src/realtime/client';
import { bindToStore } from '../../web/src/realtime/storeBinding';
import { createAppStore } from '../../web/src/store';
import { baseGlobal, baseUser } from './support/views';

/** At 5,000 teams: the largest ids and numbers a command can carry. */
const TEAMS = 5_000;
/** The widest UTF-8 a text of n characters can be (3 bytes each). */
const widest = (n: number) => '€'.repeat(n);
const uuid = '123e4567-e89b-42d3-a456-426614174000';
const teamId = `team-${uuid}`;

/** A scribble far over the drawing limit, in the most strokes the server takes, at the widest coordinates. */
function hugeDrawing(): DrawnStroke[] {
  return Array.from({ length: 300 }, () => ({
    width: 96,
    color: '#ffffff',
    points: Array.from({ length: 100 }, () => [DRAWING_STORED_WIDTH, DRAWING_STORED_HEIGHT] as [number, number]),
  }));
}

/**
 * The largest content the web app builds for each command it sends (web/src), at 5,000 teams, every
 * text at its field's maximum (FIELD_MAXIMA) in the widest characters.
 */
const LARGEST: Record<string, () => object> = {
  sa: () => ({ token: 'x'.repeat(2_000) }),
  sg: () => ({}),
  ping: () => ({}),
  aas: () => ({
    quiz: uuid,
    round: 283,
    question: 3,
    title: widest(MAX_NAME_LENGTH * 4),
    text: widest(MESSAGE_MAX_LENGTH),
    solution: widest(TIE_BREAK_SOLUTION_MAX_LENGTH),
  }),
  aff: () => ({ flags: widest(FIELD_MAXIMA.featureFlags) }),
  ahd: () => ({}),
  ao: () => ({ message: widest(FIELD_MAXIMA.overviewMessage) }),
  ara: () => ({ recheckAt: Number.MAX_SAFE_INTEGER }),
  arr: () => ({}),
  asu: () => ({ path: 'moderator.heal_deal.damagePerRoundZombie.8', value: Number.MAX_SAFE_INTEGER }),
  asv: () => ({ quiz: uuid, round: 99, question: 99 }),
  gc: () => ({ message: widest(MESSAGE_MAX_LENGTH) }),
  gd: () => ({ number: 300 }),
  gf: () => ({ number: 300 }),
  ghd: () => ({ kind: 'damage', team: teamId }),
  gi: () => ({ token: 'x'.repeat(2_000) }),
  gj: () => ({ id: String(TEAMS), password: widest(MAX_NAME_LENGTH * 4) }),
  gl: () => ({}),
  glr: () => ({}),
  gpw: () => ({ currentPassword: widest(MAX_NAME_LENGTH * 4), newPassword: widest(MAX_NAME_LENGTH * 4) }),
  gr: () => ({ userId: uuid }),
  gx: () => ({}),
  go: () => ({ number: 300 }),
  gp: () => ({ message: widest(MESSAGE_MAX_LENGTH) }),
  gs: () => ({ number: 300 }),
  gu: () => ({
    url: widest(FIELD_MAXIMA.teamUrl),
    stadt: widest(FIELD_MAXIMA.teamCity),
    beschreibung: widest(FIELD_MAXIMA.teamDescription),
  }),
  gz: () => ({ strokes: thinDrawing(hugeDrawing()) }),
  ma: () => ({ quiz: uuid, round: 99, question: 99 }),
  mc: () => ({ time: 3600 }),
  mhr: () => ({ quiz: uuid, round: 99, question: 99 }),
  mi: () => ({}),
  mn: () => ({}),
  mp: () => ({ content: { publish: true, quiz: uuid } }),
  mq: () => ({}),
  mr: () => ({}),
  mua: () => ({
    url: widest(FIELD_MAXIMA.strokeUrl),
    color: '#ffffff',
    startX: 1e6,
    startY: 1e6,
    endX: 1e6,
    endY: 1e6,
  }),
  muc: () => ({}),
  muf: () => ({ folder: widest(1_000) }),
  mum: () => ({ modus: 'quiz-single' }),
  mumm: () => ({ message: widest(FIELD_MAXIMA.uberMessage) }),
  mup: () => ({ quiz: uuid }),
  ta: () => ({ quiz: uuid }),
  trx: () => ({
    quiz: uuid,
    round: 99,
    question: 99,
    regex: widest(ANSWER_REGEX_MAX_LENGTH),
    points: 1_000_000,
    mark: 'correct',
  }),
  tu: () => ({ answerId: uuid, change: -1_000_000, checked: true, liked: true }),
  tua: () => ({ answerId: uuid, value: 1_000_000, checked: true, liked: true }),
  ulc: () => ({ message: widest(MESSAGE_MAX_LENGTH) }),
  abl: () => ({ userId: uuid, blocked: true }),
  amu: () => ({ userId: uuid, minutes: 1_000_000 }),
  mlh: () => ({ messageId: widest(64), hidden: false }),
  mlc: () => ({ open: true }),
  msl: () => ({ seconds: 3600 }),
  mgh: () => ({ greetingId: uuid }),
  mtr: () => ({ teamId, userId: uuid }),
  // A prompt's text is cut one past the maximum (the server's refusal names it).
  mtn: () => ({ teamId, name: widest(MAX_NAME_LENGTH + 1) }),
  mun: () => ({ userId: uuid, name: widest(MAX_NAME_LENGTH + 1) }),
  mtl: () => ({ teamId }),
  mph: () => ({ fileName: `question/${uuid}/${uuid}.webp`, hidden: false }),
};

/** Every wire code the web app's sources send: `send('xx'`, `command('xx'`, `run('xx'`, `request('xx'`, `direct('xx'`, `type: 'xx'`. */
function codesSentByTheWeb(): Set<string> {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name)) {
        for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:send|command|run|request|direct)\('([a-z]{2,4})'/g))
          codes.add(m[1]!);
      }
    }
  };
  walk(path.join(__dirname, '../../web/src'));
  return codes;
}

describe('no frame of the web app comes near the socket limit', () => {
  it('given every command the web sends, built as large as it can be at 5,000 teams, then each frame stays under 3/4 of the limit', () => {
    const sent = codesSentByTheWeb();
    expect(sent.size).toBeGreaterThan(30);
    expect([...sent].filter((code) => !(code in LARGEST))).toEqual([]);
    const sizes = Object.entries(LARGEST).map(([type, content]) => {
      const frame = JSON.stringify({ type, content: content(), commandId: uuid, id: Number.MAX_SAFE_INTEGER });
      return [type, utf8Length(frame)] as const;
    });
    const over = sizes.filter(([, bytes]) => bytes >= MAX_FRAME_BYTES * 0.75);
    expect(over).toEqual([]);
    // The ranking is the server's: publishing is a few dozen bytes at any number of teams.
    expect(sizes.find(([type]) => type === 'mp')![1]).toBeLessThan(200);
  });

  it("thins a drawing over the limit to the limit, keeping each stroke's first and last point", () => {
    const thinned = thinDrawing(hugeDrawing());
    expect(thinned.reduce((sum, s) => sum + s.points.length, 0)).toBeLessThanOrEqual(3_000);
    expect(thinned).toHaveLength(300);
    const small: DrawnStroke[] = [
      {
        width: 4,
        color: '#222222',
        points: [
          [1, 2],
          [3, 4],
        ],
      },
    ];
    expect(thinDrawing(small)).toEqual(small);
  });
});

describe('a command over the frame limit', () => {
  let wss: WebSocketServer;
  const received: string[] = [];
  let closed = 0;

  beforeAll(async () => {
    // A real ws server with the app's limit: a frame over it closes the socket with 1009.
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: MAX_FRAME_BYTES });
    wss.on('connection', (socket) => {
      socket.on('close', () => {
        closed++;
      });
      socket.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { type: string; id: number };
        received.push(msg.type);
        const content =
          msg.type === 'sg'
            ? {
                success: true,
                serverTime: Date.now(),
                views: { global: baseGlobal, user: baseUser },
                versions: { global: 1, user: 1 },
              }
            : { success: true };
        socket.send(JSON.stringify({ type: 'reply', id: 1, replyTo: msg.id, content }));
      });
    });
    await new Promise<void>((resolve) => (wss.address() ? resolve() : wss.once('listening', () => resolve())));
  });
  afterAll(() => new Promise<void>((resolve) => wss.close(() => resolve())));

  it('is refused by the client with a German message; the socket stays open and the next command goes through', async () => {
    const nodeSocket: SocketFactory = (url, handlers) => {
      const ws = new WebSocket(url);
      ws.on('open', () => handlers.onOpen());
      ws.on('message', (data) => handlers.onMessage(data.toString()));
      ws.on('close', () => handlers.onClose());
      ws.on('error', () => undefined);
      return { send: (data) => ws.send(data), close: () => ws.close() };
    };
    const binding = bindToStore(createAppStore());
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws`;
    const client = new RealtimeClient({
      url,
      createSocket: nodeSocket,
      getToken: () => 'good',
      views: binding.views,
      onEvent: binding.onEvent,
    });
    try {
      // 22,000 characters of 3 bytes each: 66,000 bytes, over 65,536.
      expect(await client.request('ao', { message: '€'.repeat(22_000) })).toEqual({
        success: false,
        message: FRAME_TOO_LARGE,
      });
      expect(await client.request('mp', { content: { publish: true } })).toMatchObject({ success: true });
      expect(received).toEqual(['sa', 'sg', 'mp']);
      expect(closed).toBe(0);
      expect(client.getStatus()).toBe('ready');
    } finally {
      client.stop();
    }
  });
});
