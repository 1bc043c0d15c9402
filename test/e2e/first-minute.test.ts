/**
 * Issue 34 ("The first minute of a show") over the wire: when the password hashing queue is full, a
 * login is answered 429 with an appointment (`Retry-After`, `meta.retryAfterMs`, `meta.ticket`) and
 * gets in when it comes back with its ticket; a join (`gj`) is answered `retry: true` with
 * `retryAfterMs` and gets in when resent with the same commandId; the members of one team joining at
 * once share one verification. The queue is filled by verifications in the test server's own hashing
 * queue (the server runs in this process), which keep it full for seconds: no timing is asserted, only answers.
 */
import { randomUUID } from 'node:crypto';
import { QUEUE_TICKET_HEADER } from '../../src/limits/password-hashing';
import {
  ARGON2_AT_ONCE,
  ARGON2_HANDED,
  ARGON2ID,
  ARGON2_MAX_WAITING,
  HASHING_BUSY_TEXT,
} from '../../src/identity/passwords';
import { serverForSuite } from './support/suite';
import { api, registerAndLogin } from './support/test-server';

// The line's least length (HASHING_QUEUE_WAIT_SECONDS=0): it fills with a few dozen verifications, not with twenty seconds of them.
const suite = serverForSuite({}, undefined, { HASHING_QUEUE_WAIT_SECONDS: '0' });
/** The test server's hashing queue and threads. */
const hasher = () => suite.env.server.runtime.hasher;

/**
 * Fills the hashing queue to its bound with wrong verifications (those handed ahead to the threads
 * included); `drained` resolves when they are done. The ones running first on the threads verify
 * against a hash whose parameters ask for 300 times the iterations (argon2 reads them from the hash):
 * they hold the threads for a second or more, so the line stays full
 * while the test's requests pass the login's queries, however slow the database is at the moment.
 */
async function fillHashingQueue(): Promise<{ drained: Promise<unknown> }> {
  const hashed = await hasher().hash('irgendwas');
  const slow = hashed.replace(/,t=\d+,/, `,t=${300 * ARGON2ID.timeCost},`);
  const holding = Array.from({ length: ARGON2_AT_ONCE }, () => hasher().verify(slow, 'falsch'));
  const waiting = Array.from({ length: ARGON2_HANDED - ARGON2_AT_ONCE + ARGON2_MAX_WAITING }, () =>
    hasher().verify(hashed, 'falsch'),
  );
  return { drained: Promise.all([...holding, ...waiting]) };
}

async function tokenAuth(username: string, password: string, ticket?: string) {
  const response = await fetch(`${suite.env.url}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ticket ? { [QUEUE_TICKET_HEADER]: ticket } : {}) },
    body: JSON.stringify({ username, password }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the first minute of a show', () => {
  it('given the hashing queue full, when a player logs in, then 429 with the German text and an appointment; a later one is booked behind; back with the ticket, they get in', async () => {
    await registerAndLogin(suite.env.url, 'erste');
    await registerAndLogin(suite.env.url, 'zweiter');
    const { drained } = await fillHashingQueue();
    const first = await tokenAuth('erste', 'passwort123');
    expect(first).toMatchObject({
      status: 429,
      body: { errors: [{ status: '429', detail: HASHING_BUSY_TEXT, meta: { retry: true } }] },
    });
    const { retryAfterMs, ticket } = first.body.errors[0].meta as { retryAfterMs: number; ticket: string };
    expect(Number(first.retryAfter)).toBe(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    const second = await tokenAuth('zweiter', 'passwort123');
    expect(second.status).toBe(429);
    expect(second.body.errors[0].meta.retryAfterMs).toBeGreaterThan(retryAfterMs - 50);
    // Sent away before the limiter: no failed-login row was counted (and given back) for them.
    const counted = await suite.env.server.runtime.storage.sql.query(
      "SELECT key FROM login_failures WHERE key LIKE 'pair %'",
    );
    expect(counted).toEqual([]);
    await drained;
    const back = await tokenAuth('erste', 'passwort123', ticket);
    expect(back.status).toBe(200);
    expect(typeof back.body.token).toBe('string');
    expect((await tokenAuth('zweiter', 'passwort123', second.body.errors[0].meta.ticket as string)).status).toBe(200);
  });

  it('given the hashing queue full, when a player joins a team, then retry with the appointment; resent with the same commandId, the join goes through', async () => {
    const owner = await registerAndLogin(suite.env.url, 'gruenderin');
    const created = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Die Geduldigen', newPassword: 'geduld-123', stadt: 'Köln', beschreibung: '-' },
      owner.token,
    );
    expect(created.status).toBe(201);
    const player = await suite.open((await registerAndLogin(suite.env.url, 'wartender')).token);
    const { drained } = await fillHashingQueue();
    const commandId = randomUUID();
    const join = { id: created.body.data.id as string, password: 'geduld-123' };
    const refused = await player.request('gj', join, commandId);
    expect(refused).toEqual({
      success: false,
      retry: true,
      retryAfterMs: expect.any(Number),
      message: HASHING_BUSY_TEXT,
    });
    await drained;
    await wait(refused.retryAfterMs as number);
    expect(await player.request('gj', join, commandId)).toMatchObject({ success: true });
  });

  it('given four members joining their team at the same moment, then one argon2 verification serves them all; two guessing the same wrong password at once share one and are both refused', async () => {
    const owner = await registerAndLogin(suite.env.url, 'kapitaen');
    const created = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Vier auf einen Streich', newPassword: 'streich-123', stadt: 'Bonn', beschreibung: '-' },
      owner.token,
    );
    const teamId = created.body.data.id as string;
    const members = await Promise.all(
      ['m1', 'm2', 'm3', 'm4'].map(async (name) =>
        suite.open((await registerAndLogin(suite.env.url, `mitglied-${name}`)).token),
      ),
    );
    const guessers = await Promise.all(
      ['r1', 'r2'].map(async (name) => suite.open((await registerAndLogin(suite.env.url, `rater-${name}`)).token)),
    );

    const beforeJoins = hasher().figures().done;
    const joins = await Promise.all(
      members.map((m) => m.request('gj', { id: teamId, password: 'streich-123' }, randomUUID())),
    );
    expect(joins.map((j) => j.success)).toEqual([true, true, true, true]);
    expect(hasher().figures().done - beforeJoins).toBe(1);

    const beforeGuesses = hasher().figures().done;
    const guesses = await Promise.all(
      guessers.map((g) => g.request('gj', { id: teamId, password: 'streich-124' }, randomUUID())),
    );
    expect(guesses.map((g) => g.success)).toEqual([false, false]);
    expect(hasher().figures().done - beforeGuesses).toBe(1);
  });
});
