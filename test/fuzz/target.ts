/**
 * A real server to fuzz (the embedded store in a temporary directory), with a socket for every role,
 * and the checks each hostile frame must pass:
 * - exactly one reply, carrying the frame's id when it can be read (and null when it cannot);
 * - never the generic "Ein Fehler ist aufgetreten" (an exception or a store refusal inside);
 * - a reply in time (no hang), and the server keeps answering pings and /api/health (no crash);
 * - no state change without an accepted command: a refused frame, a query or a session frame appends
 *   nothing (only the countdown scheduler, acting as nobody, may append meanwhile); an accepted
 *   command appends only as its sender.
 */
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { RETRY_LATER } from '../../src/engine/command-pipeline';
import { AUTH_DEADLINE_MS } from '../../src/limits/sockets-and-team-passwords';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerAndLogin,
  seedUserWithRoles,
  startTestServer,
  type TestServer,
} from '../e2e/support/test-server';
import { WsClient } from '../e2e/support/ws-client';
import { SENDERS, type FuzzFrame, type Sender, type WorldIds } from './hostile';

/** FUZZ_TRACE=file writes every frame there (JSON lines) before it is sent: `npm run fuzz -- --replay file` sends them again. */
const TRACE = process.env.FUZZ_TRACE;

/** Far above any honest reply on a loaded machine; a frame that takes longer is a hang. */
const REPLY_TIMEOUT_MS = 30_000;

export interface FuzzTarget {
  env: TestServer;
  sockets: Record<Sender, WsClient>;
  /** When the visitor's socket was opened (performance.now()). */
  visitorOpenedAt: number;
  userIds: Record<Sender, string | null>;
  ids: WorldIds;
  /** Frames sent per socket since the baseline (the setup's own requests not counted). */
  sent: Record<Sender, number>;
  repliesAtStart: Record<Sender, number>;
  close(): Promise<void>;
}

export interface FuzzStats {
  frames: number;
  accepted: number;
  byFamily: Record<string, number>;
  byType: Record<string, number>;
  bySender: Record<string, number>;
}

export function emptyStats(): FuzzStats {
  return { frames: 0, accepted: 0, byFamily: {}, byType: {}, bySender: {} };
}

async function must(
  client: WsClient,
  type: string,
  content: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const reply = await client.request(type, content);
  if (!reply.success) throw new Error(`setup ${type} refused: ${reply.message}`);
  return reply;
}

/** A night in progress: a quiz, a team with a member, a locked-in answer, the next question open. */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  // Hostile content, not floods (test/e2e/limits.test.ts): the fuzzer sends far faster than the frame limit allows.
  const env = await startTestServer({ frameRate: { perSecond: 1_000_000, burst: 1_000_000 } });
  const adminToken = await login(env.url, 'admin', ADMIN_PASSWORD);
  const content = [1, 2].flatMap((round) =>
    [1, 2].map((number) => ({
      type: 'normal',
      round,
      number,
      category: 'K',
      question: `F${round}.${number}?`,
      answer: 'A',
    })),
  );
  const quiz = await api(env.url, 'POST', '/api/quizzes', { name: 'Fuzz', yearWeek: '2026-48', content }, adminToken);
  const member = await registerAndLogin(env.url, 'mitglied');
  const team = await api(
    env.url,
    'POST',
    '/api/teams',
    { name: 'Fuzzteam', newPassword: 'geheim', stadt: 'Köln', beschreibung: 'Test' },
    member.token,
  );
  const player = await registerAndLogin(env.url, 'spieler');
  const bystander = await registerAndLogin(env.url, 'zuschauer');
  const tester = await seedUserWithRoles(env, 'kontrolleur', ['tester']);
  const moderator = await seedUserWithRoles(env, 'moderatorin', ['moderator']);
  const admin = await seedUserWithRoles(env, 'administratorin', ['admin']);
  const visitorOpenedAt = performance.now();
  const sockets: Record<Sender, WsClient> = {
    visitor: await WsClient.connect(env.wsUrl),
    player: await WsClient.open(env.wsUrl, player.token),
    member: await WsClient.open(env.wsUrl, member.token),
    tester: await WsClient.open(env.wsUrl, tester.token),
    moderator: await WsClient.open(env.wsUrl, moderator.token),
    admin: await WsClient.open(env.wsUrl, admin.token),
  };
  const quizId = quiz.body.data.id as string;
  await must(sockets.moderator, 'ma', { quiz: quizId, round: 1, question: 1 });
  await must(sockets.member, 'gp', { message: 'Antwort' });
  await must(sockets.moderator, 'mn', {});
  await must(sockets.moderator, 'ma', { quiz: quizId, round: 1, question: 2 });
  const checking = await must(sockets.tester, 'ta', { quiz: quizId });
  const answer = (checking.answers as Array<{ id: string }>)[0]!.id;
  const repliesAtStart = {} as Record<Sender, number>;
  for (const sender of SENDERS) repliesAtStart[sender] = replyCount(sockets[sender]);
  return {
    env,
    sockets,
    visitorOpenedAt,
    userIds: {
      visitor: null,
      player: player.userId,
      member: member.userId,
      tester: tester.userId,
      moderator: moderator.userId,
      admin: admin.userId,
    },
    ids: { quiz: quizId, team: team.body.data.id as string, user: player.userId, answer, bystander: bystander.userId },
    sent: Object.fromEntries(SENDERS.map((s) => [s, 0])) as Record<Sender, number>,
    repliesAtStart,
    close: async () => {
      await Promise.all(Object.values(sockets).map((s) => s.close()));
      await env.destroy();
    },
  };
}

function replyCount(socket: WsClient): number {
  return socket.frames.filter((f) => f.type === 'reply').length;
}

export class FuzzViolation extends Error {
  constructor(
    message: string,
    readonly frame: FuzzFrame,
  ) {
    super(
      `${message}\n  frame from ${frame.sender}: ${frame.raw.length > 600 ? `${frame.raw.slice(0, 600)}… (${frame.raw.length} characters)` : frame.raw}`,
    );
  }
}

/** The next reply on a socket after `before` frames, or a violation when none comes in time or the socket closes. */
function nextReply(socket: WsClient, before: number, frame: FuzzFrame): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, reply?: Record<string, unknown>) => {
      clearTimeout(timer);
      socket.socket.off('message', check);
      socket.socket.off('close', onClose);
      if (error) reject(error);
      else resolve(reply!);
    };
    // The client's own listener came first: the frame is already in socket.frames.
    const check = () => {
      const reply = socket.frames.slice(before).find((f) => f.type === 'reply');
      if (reply) done(null, reply);
    };
    const onClose = (code: number) => done(new FuzzViolation(`the server closed the socket (${code})`, frame));
    const timer = setTimeout(
      () => done(new FuzzViolation(`no reply within ${REPLY_TIMEOUT_MS} ms (hang)`, frame)),
      REPLY_TIMEOUT_MS,
    );
    socket.socket.on('message', check);
    socket.socket.on('close', onClose);
    check();
  });
}

/**
 * The server closes a socket that has not authenticated within AUTH_DEADLINE_MS: the visitor (who
 * never can) gets a fresh socket once the one it has is half that old, after its replies were counted.
 */
async function freshVisitor(target: FuzzTarget): Promise<void> {
  if (performance.now() - target.visitorOpenedAt < AUTH_DEADLINE_MS / 2) return;
  const old = target.sockets.visitor;
  const replies = replyCount(old) - target.repliesAtStart.visitor;
  if (replies !== target.sent.visitor) throw new Error(`visitor: ${target.sent.visitor} frames, ${replies} replies`);
  await old.close();
  target.sockets.visitor = await WsClient.connect(target.env.wsUrl);
  target.visitorOpenedAt = performance.now();
  target.sent.visitor = 0;
  target.repliesAtStart.visitor = 0;
}

/** Sends one hostile frame and checks what it did; returns whether it was an accepted command. */
export async function sendFrame(target: FuzzTarget, frame: FuzzFrame, stats: FuzzStats): Promise<boolean> {
  if (frame.sender === 'visitor') await freshVisitor(target);
  const socket = target.sockets[frame.sender];
  const store = target.env.server.storage.events;
  const positionBefore = await store.lastPosition();
  if (TRACE)
    appendFileSync(
      TRACE,
      `${JSON.stringify({ sender: frame.sender, type: frame.type, family: frame.family, raw: frame.raw })}\n`,
    );
  const framesBefore = socket.frames.length;
  socket.socket.send(frame.raw);
  target.sent[frame.sender]++;
  const reply = await nextReply(socket, framesBefore, frame);
  if (reply.replyTo !== frame.replyTo) {
    throw new FuzzViolation(
      `the reply answers ${JSON.stringify(reply.replyTo)}, not the frame's id ${JSON.stringify(frame.replyTo)}`,
      frame,
    );
  }
  const content = reply.content as { success?: unknown; message?: unknown };
  if (typeof content?.success !== 'boolean')
    throw new FuzzViolation(`a reply without success: ${JSON.stringify(reply)}`, frame);
  if (!content.success && (typeof content.message !== 'string' || content.message.length === 0)) {
    throw new FuzzViolation(`a refusal without a message: ${JSON.stringify(reply)}`, frame);
  }
  if (content.message === RETRY_LATER)
    throw new FuzzViolation(
      'answered with the generic error: something failed inside (a store refusal, an exception)',
      frame,
    );
  const accepted = content.success && frame.family === 'command';
  const positionAfter = await store.lastPosition();
  if (positionAfter !== positionBefore) {
    const events = await store.readAll({ after: positionBefore });
    const sender = target.userIds[frame.sender];
    const unexplained = events.filter((e) => {
      const actor = (e.metadata as { actor?: { userId?: string | null } }).actor?.userId ?? null;
      if (actor === null) return false; // the countdown scheduler
      return !(accepted && actor === sender);
    });
    if (unexplained.length > 0) {
      throw new FuzzViolation(
        `${unexplained.map((e) => e.type).join(', ')} appended by a frame answered ${JSON.stringify(content).slice(0, 200)}`,
        frame,
      );
    }
  }
  stats.frames++;
  if (accepted) stats.accepted++;
  stats.byFamily[frame.family] = (stats.byFamily[frame.family] ?? 0) + 1;
  stats.byType[frame.type] = (stats.byType[frame.type] ?? 0) + 1;
  stats.bySender[frame.sender] = (stats.bySender[frame.sender] ?? 0) + 1;
  await keepPlayable(target);
  return accepted;
}

/** An admin's fuzzed `ara` may start maintenance, which refuses everything: it is ended again so the fuzz keeps reaching the rules. */
async function keepPlayable(target: FuzzTarget): Promise<void> {
  if (target.env.server.runtime.engine.live.state.show.recheckAt <= 0) return;
  target.sent.admin++;
  await must(target.sockets.admin, 'ara', { recheckAt: 0 });
}

/** The server still serves (health, a ping on every socket), and every frame got exactly one reply. */
export async function checkAlive(target: FuzzTarget): Promise<void> {
  const health = await api(target.env.url, 'GET', '/api/health');
  if (health.status !== 200) throw new Error(`/api/health answered ${health.status}`);
  await freshVisitor(target);
  for (const sender of SENDERS) {
    const socket = target.sockets[sender];
    const pong = await socket.request('ping');
    target.sent[sender]++;
    const expectedSuccess = sender !== 'visitor';
    if (pong.success !== expectedSuccess) throw new Error(`ping from ${sender} answered ${JSON.stringify(pong)}`);
    const replies = replyCount(socket) - target.repliesAtStart[sender];
    if (replies !== target.sent[sender])
      throw new Error(`${sender}: ${target.sent[sender]} frames, ${replies} replies`);
  }
}
