import { FAILED_LOGINS_PER_ADDRESS, FAILED_LOGINS_PER_NAME, HttpLimits, LoginLimits, REGISTRATIONS_PER_ADDRESS } from '../../src/http/login-limits';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';
import { FRAME_RATE, STROKE_RATE, SocketRateLimit, TokenBucket } from '../../src/realtime/rate-limit';

const MINUTE = 60_000;

describe('failed-login limits (LoginLimits on the SQL database)', () => {
  let now: number;
  let database: TestSqlDatabase;
  let limits: LoginLimits;
  beforeEach(async () => {
    now = Date.UTC(2026, 10, 21, 20, 0, 0);
    database = await openTestSqlDatabase();
    await migrateWriteSide(database.db);
    limits = await LoginLimits.open(database.db, () => now);
  });
  afterEach(() => database.close());

  it('given 10 failed logins for a name from one address within 15 minutes, then that pair is refused until the window ends; a success before that forgets the failures', async () => {
    expect(FAILED_LOGINS_PER_NAME).toEqual({ max: 10, windowMs: 15 * MINUTE });
    for (let i = 0; i < 9; i++) await limits.failed('Anna', '10.0.0.1');
    expect(await limits.refusal('anna', '10.0.0.1')).toBeNull();
    await limits.succeeded(' ANNA ', '10.0.0.1');
    for (let i = 0; i < 10; i++) await limits.failed('anna', '10.0.0.1');
    now += 4 * MINUTE;
    expect(await limits.refusal('ANNA', '10.0.0.1')).toBe('Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen. Bitte versuche es in 11 Minuten noch einmal.');
    expect(await limits.refusal('bert', '10.0.0.1')).toBeNull();
    now += 10 * MINUTE + 30_000;
    expect(await limits.refusal('anna', '10.0.0.1')).toBe('Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen. Bitte versuche es in einer Minute noch einmal.');
    now += 30_000;
    expect(await limits.refusal('anna', '10.0.0.1')).toBeNull();
    await limits.failed('anna', '10.0.0.1'); // a new window starts at 1
    expect(await limits.refusal('anna', '10.0.0.1')).toBeNull();
  });

  it('given a guesser failing a name a thousand times from one address, then the owner logs in from another address (finding 4)', async () => {
    for (let i = 0; i < 1_000; i++) await limits.failed('admin', '203.0.113.66');
    expect(await limits.refusal('admin', '203.0.113.66')).not.toBeNull();
    expect(await limits.refusal('admin', '198.51.100.1')).toBeNull();
  });

  it('given 100 failed logins from one address, then every name is refused from it, not from others', async () => {
    expect(FAILED_LOGINS_PER_ADDRESS).toEqual({ max: 100, windowMs: 15 * MINUTE });
    for (let i = 0; i < 100; i++) await limits.failed(`name${i}`, '192.0.2.7');
    expect(await limits.refusal('anna', '192.0.2.7')).toBe('Zu viele fehlgeschlagene Anmeldungen von deinem Anschluss. Bitte versuche es in 15 Minuten noch einmal.');
    expect(await limits.refusal('anna', '192.0.2.8')).toBeNull();
  });

  it('given two instances on one database, then failures counted by one refuse the login at the other', async () => {
    const other = await LoginLimits.open(database.db, () => now);
    for (let i = 0; i < 5; i++) await limits.failed('anna', '10.0.0.1');
    for (let i = 0; i < 5; i++) await other.failed('anna', '10.0.0.1');
    expect(await limits.refusal('anna', '10.0.0.1')).not.toBeNull();
    expect(await other.refusal('anna', '10.0.0.1')).not.toBeNull();
  });
});

describe('registration limits', () => {
  let now: number;
  let limits: HttpLimits;
  beforeEach(() => {
    now = Date.UTC(2026, 10, 21, 20, 0, 0);
    limits = new HttpLimits(() => now);
  });

  it('given 60 registrations from one address within an hour, then the next is refused until the hour is over', () => {
    expect(REGISTRATIONS_PER_ADDRESS).toEqual({ max: 60, windowMs: 60 * MINUTE });
    for (let i = 0; i < 60; i++) expect(limits.registration('192.0.2.7')).toBeNull();
    expect(limits.registration('192.0.2.7')).toBe('Von deinem Anschluss wurden gerade zu viele Nutzeraccounts angelegt. Bitte versuche es in 60 Minuten noch einmal.');
    expect(limits.registration('192.0.2.8')).toBeNull();
    now += 60 * MINUTE;
    expect(limits.registration('192.0.2.7')).toBeNull();
  });
});

describe('the token bucket of a socket', () => {
  it('given a full bucket, then a burst goes through and the next frame waits for the refill', () => {
    const bucket = new TokenBucket({ perSecond: 20, burst: 60 }, 0);
    for (let i = 0; i < 60; i++) expect(bucket.take(0)).toBe(true);
    expect(bucket.take(0)).toBe(false);
    expect(bucket.take(49)).toBe(false);
    expect(bucket.take(50)).toBe(true); // 1/20 s later one token is back
    expect(bucket.take(51)).toBe(false);
    for (let i = 0; i < 60; i++) expect(bucket.take(100_000)).toBe(true); // refilled up to the burst, no more
    expect(bucket.take(100_000)).toBe(false);
  });

  it('given a painting moderator, then strokes have a bucket of their own: 144 strokes a second go through for a minute, and other commands still can', () => {
    expect(FRAME_RATE).toEqual({ perSecond: 20, burst: 60 });
    expect(STROKE_RATE).toEqual({ perSecond: 250, burst: 500 });
    const limit = new SocketRateLimit(0);
    let refused = 0;
    for (let i = 0; i < 144 * 60; i++) if (!limit.allows('mua', (i * 1000) / 144)) refused++;
    expect(refused).toBe(0);
    expect(limit.allows('mum', 60_000)).toBe(true);
  });

  it('given a player who stars, chooses and chats at 10 frames a second for a minute, then nothing is throttled', () => {
    const limit = new SocketRateLimit(0);
    let refused = 0;
    for (let i = 0; i < 600; i++) if (!limit.allows(['gs', 'gf', 'gc'][i % 3]!, i * 100)) refused++;
    expect(refused).toBe(0);
    for (let i = 0; i < 60; i++) expect(limit.allows(null, 60_000)).toBe(true); // then a burst, even of unreadable frames
    expect(limit.allows('gp', 60_000)).toBe(false);
  });
});
