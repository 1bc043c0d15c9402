/**
 * Presence shared by app instances on one Postgres (src/realtime/shared-presence.ts): a user online on
 * one instance is online on the others; offline when the last socket closes, when the instance stops,
 * and, for an instance that vanished without a goodbye (killed), once its heartbeat is stale.
 * Needs Postgres: runs when DATABASE_URL is set, skipped otherwise.
 */
import { SharedPresence } from '../../src/realtime/shared-presence';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { freshDatabase } from '../support/fresh-database';
import { describeOnPostgres } from '../support/describe-on-postgres';
import { POSTGRES_URL } from '../support/test-database';

const HEARTBEAT_MS = 100;
const STALE_MS = 600;

describeOnPostgres('shared-presence', 'presence shared between instances', () => {
  let database: { url: string; drop: () => Promise<void> };
  const opened: Array<{ db: PostgresDatabase; presence: SharedPresence; stopped: boolean }> = [];

  async function instance(): Promise<{ db: PostgresDatabase; presence: SharedPresence; stopped: boolean }> {
    const db = await PostgresDatabase.open(database.url);
    await migrateWriteSide(db);
    const started = {
      db,
      presence: await SharedPresence.start(db, { heartbeatMs: HEARTBEAT_MS, staleMs: STALE_MS }),
      stopped: false,
    };
    opened.push(started);
    return started;
  }

  /** Resolves once `presence` reports a change of `userId` to `online` (its listener: the push hub's refresh). */
  function becomes(presence: SharedPresence, userId: string, online: boolean): Promise<void> {
    return new Promise((resolve) => {
      if (presence.isOnline(userId) === online) return resolve();
      const stop = presence.onRemoteChange((changed) => {
        if (changed === userId && presence.isOnline(userId) === online) {
          stop();
          resolve();
        }
      });
    });
  }

  beforeAll(async () => {
    database = await freshDatabase(POSTGRES_URL!);
  });

  afterAll(async () => {
    for (const o of opened) {
      if (!o.stopped) await o.presence.stop();
      await o.db.close().catch(() => undefined);
    }
    await database?.drop();
  });

  it('a user connected to one instance is online on the other; offline again when the last socket closes', async () => {
    const [one, two] = [await instance(), await instance()];
    expect(one.presence.connected('anna')).toBe(true);
    expect(one.presence.connected('anna')).toBe(false); // a second socket
    await becomes(two.presence, 'anna', true);
    expect([...two.presence.onlineUserIds()]).toEqual(['anna']);
    one.presence.disconnected('anna');
    await one.presence.settled();
    expect(two.presence.isOnline('anna')).toBe(true); // her second socket is still open
    one.presence.disconnected('anna');
    await becomes(two.presence, 'anna', false);
    await Promise.all(
      [one, two].map(async (o) => {
        await o.presence.stop();
        o.stopped = true;
      }),
    );
  });

  it('an instance started later learns who is online already; a stopped instance takes its users offline at once', async () => {
    const one = await instance();
    one.presence.connected('bert');
    await one.presence.settled();
    const late = await instance();
    expect(late.presence.isOnline('bert')).toBe(true);
    const offline = becomes(late.presence, 'bert', false);
    await one.presence.stop();
    one.stopped = true;
    await offline;
  });

  it(`an instance killed without a goodbye: its users are offline for the others once its heartbeat is ${STALE_MS} ms old`, async () => {
    const [doomed, survivor] = [await instance(), await instance()];
    doomed.presence.connected('clara');
    await becomes(survivor.presence, 'clara', true);
    // Its last heartbeat known before the kill, in the database's clock (the one staleness is judged by).
    const [beat] = await survivor.db.query<{ seen_at: string }>(
      'SELECT seen_at FROM presence_instances WHERE instance_id = $1',
      [doomed.presence.instanceId],
    );
    await doomed.db.close(); // its heartbeat fails from now on, as a killed process's would stop
    await becomes(survivor.presence, 'clara', false);
    // Not before that heartbeat was STALE_MS old (measured in the same clock, no test timer).
    const [{ age_ms: ageMs }] = await survivor.db.query<{ age_ms: number }>(
      'SELECT extract(epoch FROM now() - $1::timestamptz) * 1000 AS age_ms',
      [beat!.seen_at],
    );
    expect(Number(ageMs)).toBeGreaterThanOrEqual(STALE_MS);
    await doomed.presence.stop(); // its timer and listener (its goodbye cannot reach the database)
    doomed.stopped = true;
  });
});
