/**
 * One client worker process of a scale bench: it holds a share of the players (whole teams) and
 * runs what the coordinator asks over IPC (see ClientPool in client-pool.ts). Times are epoch
 * milliseconds with sub-millisecond resolution, comparable between the processes of one machine.
 */
import { randomUUID } from 'node:crypto';
import { resendDelayMs } from '../../../wire/backoff';
import { LeanPlayer, now } from './lean-player';
import type { WorkerOp, WorkerResult, WorkerPlayer } from './worker-protocol';
import { PROPOSAL_COMMAND_TEXTS } from '../../../src/commands/proposals';

interface Slot {
  cast: WorkerPlayer;
  player: LeanPlayer | null;
}

let url = '';
let raw = false;
let overlay = false;
let handshakeTimeoutMs = 5000;
let slots: Slot[] = [];
let armed: Promise<{ times: number[]; missing: number; frame?: string }> | null = null;
let closedWaiters: Array<() => void> = [];

const connectedCount = () => slots.filter((s) => s.player).length;

function noteClosed(): void {
  if (connectedCount() > 0) return;
  const waiters = closedWaiters;
  closedWaiters = [];
  for (const resolve of waiters) resolve();
}

/** Runs `work` over the items with at most `limit` at once (0: all at once). */
async function limited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  if (limit <= 0 || limit >= items.length) {
    await Promise.all(items.map(work));
    return;
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Connects (and, against our server, authenticates and loads the views of) every player without a socket. */
async function connect(inFlight: number, maxAttempts: number, fraction = 1): Promise<WorkerResult> {
  const startedAt = now();
  const doneAt: number[] = [];
  const messages = new Map<string, number>();
  let failures = 0;
  let lost = 0;
  const fail = (message: string) => {
    failures++;
    messages.set(message, (messages.get(message) ?? 0) + 1);
  };
  await limited(
    slots.slice(0, Math.round(slots.length * fraction)).filter((s) => !s.player),
    inFlight,
    async (slot) => {
      for (let attempt = 0; attempt < maxAttempts; attempt++) {
        let player: LeanPlayer;
        try {
          player = await LeanPlayer.connect(url, handshakeTimeoutMs);
        } catch (error) {
          fail((error as Error).message);
          continue;
        }
        if (!raw) {
          const auth = await player.request('sa', overlay ? { overlay: slot.cast.token } : { token: slot.cast.token });
          const views = auth.success ? await player.request('sg') : auth;
          if (!views.success) {
            fail(`${auth.success ? 'sg' : 'sa'}: ${views.message}`);
            player.terminate();
            continue;
          }
        }
        player.onClose = () => {
          slot.player = null;
          noteClosed();
        };
        slot.player = player;
        doneAt.push(now());
        return;
      }
      lost++;
    },
  );
  return { startedAt, times: doneAt, failures, lost, messages: [...messages].map(([m, n]) => `${n}× ${m}`) };
}

async function join(password: string): Promise<WorkerResult> {
  const startedAt = now();
  const times: number[] = [];
  const messages = new Map<string, number>();
  let failures = 0;
  await Promise.all(
    slots.map(async (slot) => {
      const reply = await slot.player!.request('gj', { id: slot.cast.teamId, password });
      if (reply.success) times.push(now());
      else {
        failures++;
        messages.set(String(reply.message), (messages.get(String(reply.message)) ?? 0) + 1);
      }
    }),
  );
  return { startedAt, times, failures, lost: failures, messages: [...messages].map(([m, n]) => `${n}× ${m}`) };
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - now())));

/**
 * The address a player's phone logs in from, as the server's proxy would name it (X-Forwarded-For): an
 * audience at home, each from an address of its own. All from 127.0.0.1, the login limiter's count per
 * address (100 attempts, counted before the hash) refused the surge after its first hundred.
 */
function homeAddress(username: string): string {
  const n = [...username].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** POST /api/token-auth/ until it answers; an appointment of the hashing queue is kept with its ticket, as the web app does. */
async function loginByPassword(
  baseUrl: string,
  username: string,
  password: string,
  count: (name: string) => void,
): Promise<string> {
  let ticket: string | undefined;
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${baseUrl}/api/token-auth/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': homeAddress(username),
        ...(ticket ? { 'x-queue-ticket': ticket } : {}),
      },
      body: JSON.stringify({ username, password }),
    }).catch((error: unknown) => {
      // A kept-alive connection the server closed as idle just as this request went out on it: nothing
      // was received, and a browser sends the request again on a new connection; so does this player
      // (counted: a reset of a connection that carried a request would show as lost).
      if ((error as Error & { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET' || attempt > 5) throw error;
      count('resentOnClosedConnection');
      return null;
    });
    if (response === null) continue;
    const body = (await response.json().catch(() => null)) as {
      token?: string;
      errors?: Array<{ detail?: string; meta?: { retry?: boolean; retryAfterMs?: number; ticket?: string } }>;
    } | null;
    if (response.status === 200 && typeof body?.token === 'string') return body.token;
    const meta = body?.errors?.[0]?.meta;
    if (response.status === 429 && meta?.retry === true && typeof meta.retryAfterMs === 'number') {
      count('loginAppointments');
      ticket = meta.ticket;
      await sleepUntil(now() + resendDelayMs(attempt, Math.random(), meta.retryAfterMs));
      continue;
    }
    throw new Error(`login ${response.status}: ${body?.errors?.[0]?.detail ?? ''}`);
  }
}

/** gj until it answers; `retry` with a wait is resent then with the same commandId, as the web app does. */
async function joinTeam(
  player: LeanPlayer,
  teamId: string,
  password: string,
  count: (name: string) => void,
): Promise<void> {
  const commandId = randomUUID();
  for (let attempt = 0; ; attempt++) {
    const reply = await player.request('gj', { id: teamId, password }, commandId);
    if (reply.success) return;
    if (reply.retry !== true) throw new Error(`gj: ${reply.message}`);
    count('joinAppointments');
    await sleepUntil(now() + resendDelayMs(attempt, Math.random(), reply.retryAfterMs));
  }
}

/** bench:show-start: every player arrives at its moment and gets in (see WorkerOp `arrive`). */
async function arrive(op: Extract<WorkerOp, { op: 'arrive' }>): Promise<WorkerResult> {
  const doneAt: number[] = [];
  const samples: Record<string, number[]> = { login: [], join: [], arrivalToDone: [], connect: [] };
  const counts: Record<string, number> = {
    loginAppointments: 0,
    joinAppointments: 0,
    renewedTokens: 0,
    connectRetries: 0,
  };
  const count = (name: string) => void (counts[name] = (counts[name] ?? 0) + 1);
  const messages = new Map<string, number>();
  let lost = 0;
  await Promise.all(
    slots
      .filter((s) => !s.player)
      .map(async (slot) => {
        await sleepUntil(op.startAt + (slot.cast.arriveAfterMs ?? 0));
        const arrived = now();
        try {
          let token = slot.cast.token;
          if (op.mode === 'fresh') {
            token = await loginByPassword(op.baseUrl, slot.cast.login!, op.password, count);
            samples.login!.push(now() - arrived);
          }
          const connecting = now();
          let player: LeanPlayer | null = null;
          for (let attempt = 0; !player; attempt++) {
            try {
              player = await LeanPlayer.connect(url, handshakeTimeoutMs);
            } catch (error) {
              if (attempt >= 4) throw error;
              count('connectRetries');
            }
          }
          if (op.mode !== 'raw') {
            const auth = await player.request('sa', { token });
            if (!auth.success) throw new Error(`sa: ${auth.message}`);
            if (typeof auth.content?.token === 'string') count('renewedTokens');
            const views = await player.request('sg');
            if (!views.success) throw new Error(`sg: ${views.message}`);
          }
          samples.connect!.push(now() - connecting);
          if (op.mode === 'fresh') {
            const joining = now();
            await joinTeam(player, slot.cast.teamId, op.teamPassword, count);
            samples.join!.push(now() - joining);
          }
          player.onClose = () => {
            slot.player = null;
            noteClosed();
          };
          slot.player = player;
          doneAt.push(now());
          samples.arrivalToDone!.push(now() - arrived);
        } catch (error) {
          lost++;
          // fetch says only "fetch failed": what failed is its cause (a reset, a refused connection, a timeout).
          const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
          const message = `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
          messages.set(message, (messages.get(message) ?? 0) + 1);
        }
      }),
  );
  return {
    startedAt: op.startAt,
    times: doneAt,
    failures: lost,
    lost,
    messages: [...messages].map(([m, n]) => `${n}× ${m}`),
    samples,
    counts,
  };
}

/** From now on, every connected player notes the first push containing `marker`. */
function arm(marker: string): void {
  const players = slots.map((s) => s.player).filter((p): p is LeanPlayer => p !== null);
  armed = new Promise((resolve) => {
    const times: number[] = [];
    let first: string | undefined;
    if (players.length === 0) resolve({ times, missing: 0 });
    for (const player of players) {
      player.onFrame = (frame, at) => {
        if (!frame.includes(marker)) return;
        player.onFrame = null;
        times.push(at);
        first ??= frame;
        if (times.length === players.length) resolve({ times, missing: 0, frame: first });
      };
    }
  });
}

async function collect(timeoutMs: number): Promise<WorkerResult> {
  const players = slots.filter((s) => s.player).length;
  const timeout = new Promise<{ times: number[]; missing: number; frame?: string }>((resolve) =>
    setTimeout(() => resolve({ times: [], missing: players }), timeoutMs).unref(),
  );
  const { times, missing, frame } = await Promise.race([armed!, timeout]);
  armed = null;
  return { startedAt: 0, times, failures: missing, lost: missing, messages: [], frame };
}

/** In every team of this worker its first player proposes; the others time the push (latencies in ms). */
async function propose(wave: number): Promise<WorkerResult> {
  const teams = new Map<string, LeanPlayer[]>();
  for (const slot of slots) {
    if (!slot.player) continue;
    const members = teams.get(slot.cast.teamId) ?? [];
    members.push(slot.player);
    teams.set(slot.cast.teamId, members);
  }
  const latencies: number[] = [];
  await Promise.all(
    [...teams.values()]
      .filter((m) => m.length > 1)
      .map(async ([proposer, ...mates], t) => {
        const marker = `vorschlag-${wave}-${t}-${process.pid}`;
        const seen = Promise.all(
          mates.map(
            (mate) =>
              new Promise<number>((resolve) => {
                mate.onFrame = (frame, at) => {
                  if (!frame.includes(`${marker}"`)) return;
                  mate.onFrame = null;
                  resolve(at);
                };
              }),
          ),
        );
        const sent = now();
        await proposer!.request('gp', { message: marker });
        for (const at of await seen) latencies.push(at - sent);
      }),
  );
  return { startedAt: 0, times: latencies, failures: 0, lost: 0, messages: [] };
}

/** Each player keeps one star toggle in flight until the deadline; acknowledged commands. */
async function acks(seconds: number): Promise<WorkerResult> {
  let count = 0;
  const deadline = now() + seconds * 1000;
  await Promise.all(
    slots.map(async ({ player }) => {
      while (player && now() < deadline) {
        const reply = await player.request('gs', { number: 1 });
        if (reply.success) count++;
        else if (reply.message === 'socket closed') return;
      }
    }),
  );
  return { startedAt: 0, times: [count], failures: 0, lost: 0, messages: [] };
}

/**
 * Every player keeps one proposal in flight until the deadline; acknowledged commands. A team that
 * has entered as many as a question takes stars instead (gs on its first proposal) until the next
 * question (where that proposal is not found).
 */
async function proposeFor(seconds: number): Promise<WorkerResult> {
  let count = 0;
  let failures = 0;
  const messages = new Map<string, number>();
  const full = new Set<string>();
  const deadline = now() + seconds * 1000;
  await Promise.all(
    slots.map(async ({ player, cast }) => {
      for (let n = 1; player && now() < deadline; n++) {
        const starring = full.has(cast.teamId);
        const reply = starring
          ? await player.request('gs', { number: 1 })
          : await player.request('gp', { message: `Vorschlag ${n}` });
        if (reply.success) count++;
        else if (reply.message === PROPOSAL_COMMAND_TEXTS.tooManyTeamEntries) full.add(cast.teamId);
        else if (starring && reply.message === PROPOSAL_COMMAND_TEXTS.proposalNotFound) full.delete(cast.teamId);
        else {
          failures++;
          messages.set(String(reply.message), (messages.get(String(reply.message)) ?? 0) + 1);
          if (reply.message === 'socket closed') return;
        }
      }
    }),
  );
  return { startedAt: 0, times: [count], failures, lost: 0, messages: [...messages].map(([m, k]) => `${k}× ${m}`) };
}

async function run(message: WorkerOp): Promise<WorkerResult | null> {
  switch (message.op) {
    case 'setup':
      ({ url, raw, handshakeTimeoutMs } = message);
      overlay = message.overlay === true;
      slots = message.players.map((cast) => ({ cast, player: null }));
      return null;
    case 'connect':
      return connect(message.inFlight, message.maxAttempts, message.fraction);
    case 'join':
      return join(message.password);
    case 'arrive':
      return arrive(message);
    case 'arm':
      arm(message.marker);
      return null;
    case 'collect':
      return collect(message.timeoutMs);
    case 'propose':
      return propose(message.wave);
    case 'acks':
      return acks(message.seconds);
    case 'proposeFor':
      return proposeFor(message.seconds);
    case 'awaitClosed':
      if (connectedCount() > 0) await new Promise<void>((resolve) => closedWaiters.push(resolve));
      return null;
    case 'close':
      for (const slot of slots) slot.player?.terminate();
      slots = [];
      return null;
  }
}

process.on('message', (message: WorkerOp & { seq: number }) => {
  run(message).then(
    (result) => process.send!({ seq: message.seq, result }),
    (error: unknown) => process.send!({ seq: message.seq, error: String(error) }),
  );
});
process.send!({ seq: 0, result: null });
