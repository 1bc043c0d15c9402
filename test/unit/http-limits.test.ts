import {
  NameLineFull,
  WAITING_PER_NAME,
  type LoginAttempt,
  addressKey,
  FAILED_LOGINS_PER_ADDRESS,
  FAILED_LOGINS_PER_DEVICE,
  FAILED_LOGINS_PER_NAME,
  RegistrationLimit,
  LoginLimits,
  REGISTRATIONS_PER_ADDRESS,
} from '../../src/limits/logins-and-registrations';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { emptyDatabase, openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';
import { FRAME_RATE, STROKE_RATE, SocketRateLimit, TokenBucket } from '../../src/limits/frame-rate';

const MINUTE = 60_000;

describe('login limits (LoginLimits on the SQL database)', () => {
  let now: number;
  let database: TestSqlDatabase;
  let limits: LoginLimits;
  beforeAll(async () => {
    database = await openTestSqlDatabase();
  });
  beforeEach(async () => {
    now = Date.UTC(2026, 10, 21, 20, 0, 0);
    await emptyDatabase(database.db);
    await migrateWriteSide(database.db);
    limits = await LoginLimits.open(database.db, () => now);
  });
  afterAll(() => database.close());
  const from = (login: string, address: string, device: string | null = null) => ({ login, address, device });

  it('given 10 failed logins for a name from one address within 15 minutes, then the 11th is refused before it is verified until the window ends; a success before that forgets the failures', async () => {
    expect(FAILED_LOGINS_PER_NAME).toEqual({ max: 10, windowMs: 15 * MINUTE });
    for (let i = 0; i < 9; i++) expect(await limits.attempt(from('Anna', '10.0.0.1'))).toBeNull();
    expect(await limits.attempt(from('anna', '10.0.0.1'))).toBeNull();
    await limits.succeeded(from(' ANNA ', '10.0.0.1'));
    for (let i = 0; i < 10; i++) expect(await limits.attempt(from('anna', '10.0.0.1'))).toBeNull();
    now += 4 * MINUTE;
    expect(await limits.attempt(from('ANNA', '10.0.0.1'))).toBe(
      'Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen. Bitte versuche es in 11 Minuten noch einmal.',
    );
    expect(await limits.attempt(from('bert', '10.0.0.1'))).toBeNull();
    now += 10 * MINUTE + 30_000;
    expect(await limits.attempt(from('anna', '10.0.0.1'))).toBe(
      'Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen. Bitte versuche es in einer Minute noch einmal.',
    );
    now += 30_000;
    expect(await limits.attempt(from('anna', '10.0.0.1'))).toBeNull(); // a new window starts at 1
  });

  it('given 30 attempts for one name at once, then exactly 10 are let through to be verified (counted before the hash)', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => limits.attempt(from('admin', '203.0.113.66'))));
    expect(answers.filter((a) => a === null)).toHaveLength(10);
  });

  it('given a guesser failing a name a thousand times from one address, then the owner logs in from another address (finding 4)', async () => {
    for (let i = 0; i < 1_000; i++) await limits.attempt(from('admin', '203.0.113.66'));
    expect(await limits.attempt(from('admin', '203.0.113.66'))).not.toBeNull();
    expect(await limits.attempt(from('admin', '198.51.100.1'))).toBeNull();
  });

  it('given the pair and the address locked, then a known device of that name is counted on its own; it is locked after 10 failures of its own', async () => {
    for (let i = 0; i < 120; i++) await limits.attempt(from(`gast${i % 2 ? '' : i}`, '192.0.2.7'));
    expect(await limits.attempt(from('admin', '192.0.2.7'))).not.toBeNull();
    expect(FAILED_LOGINS_PER_DEVICE).toEqual({ max: 10, windowMs: 15 * MINUTE });
    for (let i = 0; i < 10; i++) expect(await limits.attempt(from('admin', '192.0.2.7', 'laptop'))).toBeNull();
    expect(await limits.attempt(from('admin', '192.0.2.7', 'laptop'))).not.toBeNull();
    expect(await limits.attempt(from('admin', '192.0.2.7', 'telefon'))).toBeNull();
  });

  it('given 100 failed logins from one address, then every name is refused from it, not from others; a right password gives its attempt back', async () => {
    expect(FAILED_LOGINS_PER_ADDRESS).toEqual({ max: 100, windowMs: 15 * MINUTE });
    for (let i = 0; i < 99; i++) await limits.attempt(from(`name${i}`, '192.0.2.7'));
    expect(await limits.attempt(from('anna', '192.0.2.7'))).toBeNull();
    await limits.succeeded(from('anna', '192.0.2.7'));
    expect(await limits.attempt(from('bert', '192.0.2.7'))).toBeNull();
    expect(await limits.attempt(from('carla', '192.0.2.7'))).toBe(
      'Zu viele fehlgeschlagene Anmeldungen von deinem Anschluss. Bitte versuche es in 15 Minuten noch einmal.',
    );
    expect(await limits.attempt(from('carla', '192.0.2.8'))).toBeNull();
  });

  it('given two instances on one database, then attempts counted by one refuse the login at the other', async () => {
    const other = await LoginLimits.open(database.db, () => now);
    for (let i = 0; i < 5; i++) await limits.attempt(from('anna', '10.0.0.1'));
    for (let i = 0; i < 5; i++) await other.attempt(from('anna', '10.0.0.1'));
    expect(await limits.attempt(from('anna', '10.0.0.1'))).not.toBeNull();
    expect(await other.attempt(from('anna', '10.0.0.1'))).not.toBeNull();
  });

  it('given three verifications for one name at once, then they run one after the other; another name runs beside them', async () => {
    let running = 0;
    let most = 0;
    const verify = async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setImmediate(r));
      running--;
      return true;
    };
    let other = 0;
    await Promise.all([
      limits.oneAtATime(guess('Anna'), verify),
      limits.oneAtATime(guess('anna'), verify),
      limits.oneAtATime(guess('ANNA '), verify),
      limits.oneAtATime(guess('bert'), async () => void (other = running)),
    ]);
    expect(most).toBe(1);
    expect(other).toBe(1); // bert's ran while one of anna's did
  });

  const guess = (login: string, address = '203.0.113.1'): LoginAttempt => ({ login, address, device: null });

  it('given the running verification and WAITING_PER_NAME waiting for one name, then the next is refused at once (NameLineFull); once the line drains, it is open again', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inLine = Array.from({ length: WAITING_PER_NAME + 1 }, () => limits.oneAtATime(guess('anna'), () => held));
    await expect(limits.oneAtATime(guess('anna', '198.51.100.7'), async () => true)).rejects.toBeInstanceOf(
      NameLineFull,
    );
    release();
    await Promise.all(inLine);
    await expect(limits.oneAtATime(guess('anna'), async () => true)).resolves.toBe(true);
  });

  it('given a full line of guesses, then a known device and the address that last logged in each run beside them, not behind', async () => {
    await limits.succeeded(guess('anna', '192.0.2.10'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const guesses = Array.from({ length: WAITING_PER_NAME + 1 }, () => limits.oneAtATime(guess('anna'), () => held));
    // Both resolve while every guess is still held: they waited behind none of them.
    await expect(
      limits.oneAtATime({ login: 'anna', address: '203.0.113.1', device: 'nonce-1' }, async () => 'device'),
    ).resolves.toBe('device');
    await expect(limits.oneAtATime(guess('Anna', '192.0.2.10'), async () => 'last')).resolves.toBe('last');
    release();
    await Promise.all(guesses);
  });
});

describe('addresses as the limits count them', () => {
  it('given IPv6 addresses of one /64, then they count as one; IPv4 and IPv4-mapped addresses as themselves', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('registration limits (shared by the instances on one database)', () => {
  let now: number;
  let database: TestSqlDatabase;
  let limits: RegistrationLimit;
  beforeAll(async () => {
    database = await openTestSqlDatabase();
  });
  beforeEach(async () => {
    now = Date.UTC(2026, 10, 21, 20, 0, 0);
    await emptyDatabase(database.db);
    await migrateWriteSide(database.db);
    limits = await RegistrationLimit.open(database.db, () => now);
  });
  afterAll(() => database.close());

  it('given 60 registrations from one address within an hour, counted by two instances, then the next is refused until the hour is over', async () => {
    expect(REGISTRATIONS_PER_ADDRESS).toEqual({ max: 60, windowMs: 60 * MINUTE });
    const other = await RegistrationLimit.open(database.db, () => now);
    for (let i = 0; i < 60; i++) expect(await (i % 2 ? limits : other).registration('192.0.2.7')).toBeNull();
    expect(await limits.registration('192.0.2.7')).toBe(
      'Von deinem Anschluss wurden gerade zu viele Nutzeraccounts angelegt. Bitte versuche es in 60 Minuten noch einmal.',
    );
    expect(await other.registration('192.0.2.8')).toBeNull();
    now += 60 * MINUTE;
    expect(await limits.registration('192.0.2.7')).toBeNull();
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
