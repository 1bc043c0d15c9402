/**
 * npm run bench:password-flood [-- --seconds 15]
 *
 * Honest login latency while others flood wrong team passwords (issue 25, finding 2). A server in
 * this process (the argon2 work runs on its own threads); three phases of `--seconds` each:
 *   quiet:       honest logins only, one at a time;
 *   one player:  honest logins while one player floods wrong `gj` from 3 sockets (900 in 15 s, as the
 *                issue measured), each at a different team;
 *   many:        honest logins while 60 players flood wrong `gj` at once (distinct passwords), more
 *                than the hashing threads can take.
 * Prints p50/p95/max of the honest logins, how many of them were refused (429), and how the wrong
 * `gj` were answered (refused by the per-user/per-team limit without hashing, told to retry because
 * the hashing queue was full, or verified and wrong). Before them, the name's line (issue 40, point
 * 3): `--rounds` logins of one name with its known-device cookie, alone and with 50 wrong guesses for
 * that name from 5 addresses in flight, and their ratio (`--name-line-only` stops after it).
 * No assertions: figures to compare.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { SOCKET_LIMIT_TEXTS } from '../../src/limits/sockets-and-team-passwords';
import { HASHING_BUSY_TEXT } from '../../src/identity/passwords';
import { api, seedUserWithRoles, startTestServer, type TestServer } from '../e2e/support/test-server';
import { WsClient } from '../e2e/support/ws-client';
import { numberFlag } from './support/cli';

const SECONDS = numberFlag('seconds', 15);
const ROUNDS = numberFlag('rounds', 10);

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function honestLogins(env: TestServer, until: number): Promise<{ times: number[]; refused: number }> {
  const times: number[] = [];
  let refused = 0;
  while (performance.now() < until) {
    const began = performance.now();
    const { status } = await api(env.url, 'POST', '/api/token-auth/', {
      username: 'ehrlich',
      password: 'ehrlich-passwort',
    });
    times.push(performance.now() - began);
    if (status === 429) refused++;
    else if (status !== 200) throw new Error(`honest login answered ${status}`);
  }
  return { times, refused };
}

interface Flood {
  sent: number;
  limited: number;
  busy: number;
  wrong: number;
  other: number;
}

async function flood(sockets: WsClient[], teamIds: string[], perSecond: number, until: number): Promise<Flood> {
  const tally: Flood = { sent: 0, limited: 0, busy: 0, wrong: 0, other: 0 };
  const pending: Promise<void>[] = [];
  const interval = 1000 / perSecond;
  let next = performance.now();
  while (performance.now() < until) {
    const socket = sockets[tally.sent % sockets.length]!;
    const teamId = teamIds[tally.sent % teamIds.length]!;
    const attempt = tally.sent++;
    pending.push(
      socket.request('gj', { id: teamId, password: `geraten-${attempt}` }).then((reply) => {
        if (reply.message === SOCKET_LIMIT_TEXTS.wrongTeamPasswords) tally.limited++;
        else if (reply.message === HASHING_BUSY_TEXT) tally.busy++;
        else if (reply.success === false) tally.wrong++;
        else tally.other++;
      }),
    );
    next += interval;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(pending);
  return tally;
}

function report(phase: string, logins: { times: number[]; refused: number }, flooded?: Flood): void {
  const { times, refused } = logins;
  console.log(
    `${phase.padEnd(11)} honest logins: ${times.length}, p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms, refused 429: ${refused}` +
      (flooded
        ? `; wrong gj sent ${flooded.sent}: limited without hashing ${flooded.limited}, busy (retry) ${flooded.busy}, verified wrong ${flooded.wrong}, other ${flooded.other}`
        : ''),
  );
}

async function loginFrom(
  env: TestServer,
  address: string,
  password: string,
  cookie?: string,
  username = 'umlagert',
): Promise<{ status: number; setCookie: string | null }> {
  const response = await fetch(`${env.url}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  return { status: response.status, setCookie: response.headers.get('set-cookie') };
}

/** A login sent by the crowd's thread. */
interface CrowdLogin {
  address: string;
  username: string;
  password: string;
}

/**
 * Sends the logins at once from a thread of their own (players' phones are not the server's process:
 * on the server's own event loop, the bench's 50 clients cost as much as the server's answers and were
 * measured as the server's delay). Resolves `busy` once the server has answered the first of them (it
 * has the others in hand: the owner's login is sent then, not before the crowd reached the server),
 * `answered` with their statuses, `unanswered` with how many are still open.
 */
function crowd(
  url: string,
  logins: CrowdLogin[],
): { busy: Promise<void>; answered: Promise<number[]>; unanswered: () => number } {
  const thread = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const sent = workerData.logins.map(({ address, username, password }) =>
       fetch(workerData.url + '/api/token-auth/', {
         method: 'POST',
         headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
         body: JSON.stringify({ username, password }),
       }).then(async (response) => {
         await response.arrayBuffer();
         parentPort.postMessage({ answered: 1 });
         return response.status;
       }));
     Promise.all(sent).then((statuses) => parentPort.postMessage({ statuses }));`,
    { eval: true, workerData: { url, logins } },
  );
  let busy!: () => void;
  const busyPromise = new Promise<void>((resolve) => (busy = resolve));
  let open = logins.length;
  const answered = new Promise<number[]>((resolve, reject) => {
    thread.on('error', reject);
    thread.on('message', (message: { answered?: 1; statuses?: number[] }) => {
      if (message.answered) {
        open--;
        busy();
      }
      if (message.statuses) void thread.terminate().then(() => resolve(message.statuses!));
    });
  });
  return { busy: busyPromise, answered, unanswered: () => open };
}

/**
 * The owner's known-device login alone; with 50 guesses for its name in flight (fresh addresses each
 * round: no limit is reached); and with 50 logins of 50 other names in flight (no line between them:
 * what the load of 50 requests costs by itself). The 50 are sent by a thread of their own (see crowd).
 */
async function nameLine(env: TestServer): Promise<void> {
  await api(env.url, 'POST', '/api/users', { login: 'umlagert', newPassword: 'richtiges-passwort' });
  const cookie = (await loginFrom(env, '192.0.2.1', 'richtiges-passwort')).setCookie!.split(';')[0]!;
  const timed = async () => {
    const began = performance.now();
    const { status } = await loginFrom(env, '192.0.2.2', 'richtiges-passwort', cookie);
    if (status !== 200) throw new Error(`owner's login answered ${status}`);
    return performance.now() - began;
  };
  let guessesOpen = 0;
  const alone: number[] = [];
  const besieged: number[] = [];
  const beside: number[] = [];
  const answers = { verified: 0, lineFull: 0, other: 0 };
  const tally = (status: number) =>
    void (status === 403 ? answers.verified++ : status === 429 ? answers.lineFull++ : answers.other++);
  const whileInFlight = async (logins: CrowdLogin[]) => {
    const { busy, answered, unanswered } = crowd(env.url, logins);
    await busy;
    const time = await timed();
    const open = unanswered();
    return { time, open, statuses: await answered };
  };
  for (let round = 0; round < ROUNDS; round++) {
    alone.push(await timed());
    const guessed = await whileInFlight(
      Array.from({ length: 50 }, (_, i) => ({
        address: `198.51.${round}.${i % 5}`,
        username: 'umlagert',
        password: `geraten-${i}`,
      })),
    );
    besieged.push(guessed.time);
    guessed.statuses.forEach(tally);
    guessesOpen += guessed.open;
    const others = await whileInFlight(
      Array.from({ length: 50 }, (_, i) => ({
        address: `203.0.${round}.${i % 5}`,
        username: `anderer-${round}-${i}`,
        password: 'geraten',
      })),
    );
    beside.push(others.time);
  }
  const p50 = (times: number[]) => pct(times, 50);
  console.log(
    `name line  known-device login alone p50 ${p50(alone).toFixed(0)} ms; with 50 guesses for its name from 5 addresses in flight p50 ${p50(besieged).toFixed(0)} ms ` +
      `(max ${Math.max(...besieged).toFixed(0)} ms, ratio ${(p50(besieged) / p50(alone)).toFixed(2)}); with 50 logins of other names in flight p50 ${p50(beside).toFixed(0)} ms ` +
      `(ratio ${(p50(beside) / p50(alone)).toFixed(2)}); guesses still unanswered when the owner's login was, per round ${(guessesOpen / ROUNDS).toFixed(1)}; guesses verified ${answers.verified}, refused by the full line ${answers.lineFull}, other ${answers.other}; ` +
      `load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} on ${availableParallelism()} cores`,
  );
}

async function main(): Promise<void> {
  // X-Forwarded-For from loopback is believed: the name line's guesses come from several addresses.
  const env = await startTestServer({}, undefined, { TRUST_PROXY: 'loopback' });
  try {
    await nameLine(env);
    if (process.argv.includes('--name-line-only')) return;
    await api(env.url, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'ehrlich', name: 'ehrlich', newPassword: 'ehrlich-passwort' } },
    });
    const teamIds: string[] = [];
    for (let owner = 0; owner < 8; owner++) {
      // A user may create 5 teams an hour (src/limits/password-hashing.ts).
      const { token } = await seedUserWithRoles(env, `besitzer${owner}`, []);
      for (let i = 0; i < 5; i++) {
        const created = await api(
          env.url,
          'POST',
          '/api/teams',
          { name: `Team ${owner}-${i}`, newPassword: `pw-${owner}-${i}`, stadt: 'Köln', beschreibung: '-' },
          token,
        );
        if (created.status !== 201)
          throw new Error(`team ${owner}-${i}: ${created.status} ${JSON.stringify(created.body)}`);
        teamIds.push(created.body.data.id as string);
      }
    }
    const ms = SECONDS * 1000;
    report('quiet', await honestLogins(env, performance.now() + ms));

    const player = await seedUserWithRoles(env, 'rater', []);
    const playerSockets = await Promise.all([1, 2, 3].map(() => WsClient.open(env.wsUrl, player.token)));
    let until = performance.now() + ms;
    const [one, oneFlood] = await Promise.all([
      honestLogins(env, until),
      flood(playerSockets, teamIds, 900 / 15, until),
    ]);
    report('one player', one, oneFlood);

    const crowd: WsClient[] = [];
    for (let i = 0; i < 60; i++)
      crowd.push(await WsClient.open(env.wsUrl, (await seedUserWithRoles(env, `rater${i}`, [])).token));
    until = performance.now() + ms;
    const [many, manyFlood] = await Promise.all([honestLogins(env, until), flood(crowd, teamIds, 300, until)]);
    report('60 players', many, manyFlood);
    await Promise.all([...playerSockets, ...crowd].map((s) => s.close()));
  } finally {
    await env.destroy();
  }
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
