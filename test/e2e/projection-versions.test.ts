import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ALL_PROJECTORS,
  buildSchemaOf,
  usersProjector,
  type Projector,
  type RebuildStatus,
} from '../../projections/read';
import { nameBasedUuid } from '../../src/store/event-ids';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { appendInTransaction } from '../../src/store/sql/sql-event-store';
import { testDatabaseUrl, type TestDatabaseUrl } from '../support/test-database';
import { api, registerAndLogin, startTestServer, type TestServer } from './support/test-server';

const USERS = 300;
/** Small batches: the rebuild takes many steps, and the test reads between each two. */
const BATCH = 20;

/**
 * The users projection's version raised (as a release that changes its projector would): the server
 * rebuilds read_users beside the table in use and swaps. Readers, reading all along, never see it
 * empty or partial. On the embedded store, or a fresh Postgres database with DATABASE_URL (where a
 * reader on a connection of its own reads truly concurrently with the rebuild and the swap).
 */
describe('a read projection whose version changed', () => {
  let dataDir: string;
  let database: TestDatabaseUrl;
  let env: TestServer | null = null;
  let reader: SqlDatabase | null = null;
  let userIds: string[];
  let oldTable: number;

  const bumped: Projector = { ...usersProjector, version: usersProjector.version + 1 };
  const projectors = ALL_PROJECTORS.map((p) => (p.name === bumped.name ? bumped : p));
  const start = (options: Parameters<typeof startTestServer>[0] = {}) =>
    startTestServer(options, dataDir, {}, database);
  const readUserIds = async (db: SqlDatabase) =>
    (await db.query<{ id: string }>('SELECT id FROM read_users ORDER BY id')).map((r) => r.id);
  const tableOid = async (db: SqlDatabase) =>
    (await db.query<{ oid: number }>("SELECT 'read_users'::regclass::oid::int AS oid"))[0]!.oid;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-projection-versions-'));
    database = await testDatabaseUrl();
    env = await start();
    const { storage, runtime } = env.server;
    const users = Array.from({ length: USERS }, (_, i) => ({ userId: randomUUID(), login: `spieler-${i}` }));
    const position = await storage.sql.transaction(async (tx) => {
      let last = 0;
      for (const { userId, login } of users) {
        const commandId = `seed:${userId}`;
        ({ position: last } = await appendInTransaction(
          tx,
          `user-${userId}`,
          [
            {
              id: nameBasedUuid(commandId, 0),
              type: 'UserRegistered',
              data: { userId, login, name: login, email: null, roles: [] },
              metadata: {
                eventId: nameBasedUuid(commandId, 0),
                commandId,
                actor: { userId: null, roles: [] },
                recordedAt: Date.now(),
                version: 1,
              },
            },
          ],
          'no_stream',
        ));
      }
      return last;
    });
    await runtime.readModels.runner.waitFor(position);
    userIds = await readUserIds(storage.sql);
    expect(userIds).toHaveLength(USERS + 1); // and the admin
    oldTable = await tableOid(storage.sql);
    await env.stop();
  });

  afterAll(async () => {
    await reader?.close();
    await env?.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given read_users built by version 1, when a server with version 2 starts, then readers keep the complete old table until the rebuilt one is swapped in', async () => {
    let serverUp!: (server: TestServer) => void;
    const started = new Promise<TestServer>((resolve) => (serverUp = resolve));
    const readyReasons: string[] = [];
    let readsBetweenBatches = 0;
    let registered: string | null = null;
    const withRegistered = () => [...userIds, registered!].sort();

    /** Between two batches of the rebuild (the next waits for it): what a reader sees, what /api/ready says; once, a new user. */
    const betweenBatches = async (status: RebuildStatus) => {
      const { url, server } = await started;
      expect(await readUserIds(reader ?? server.storage.sql)).toEqual(registered ? withRegistered() : userIds);
      readsBetweenBatches++;
      const ready = await api(url, 'GET', '/api/ready');
      expect(ready.status).toBe(503);
      readyReasons.push(ready.body.reason as string);
      if (registered === null && status.progress!.position > status.progress!.target / 2) {
        registered = (await registerAndLogin(url, 'neu-waehrend-des-umbaus')).userId; // fed into the old table meanwhile
        await server.runtime.readModels.runner.waitFor(await server.storage.events.lastPosition());
      }
    };

    if (database.url) reader = await PostgresDatabase.open(database.url);
    env = await start({
      readProjections: { projectors, rebuild: { batchSize: BATCH, report: { progress: betweenBatches } } },
    });
    serverUp(env);
    const { server } = env;
    expect(server.runtime.readModels.rebuilding()).toMatchObject([{ projector: 'users', from: 1, to: 2 }]);

    // A reader all along (on Postgres on a connection of its own, so also during the swap's transaction).
    let rebuilt = false;
    let continuousReads = 0;
    const extras = new Set<string>(); // the user registered meanwhile may show before the test knows its id
    const readAllAlong = (async () => {
      while (!rebuilt) {
        const seen = await readUserIds(reader ?? server.storage.sql);
        expect(seen).toEqual(expect.arrayContaining(userIds));
        expect(seen.length).toBeLessThanOrEqual(userIds.length + 1);
        for (const id of seen) if (!userIds.includes(id)) extras.add(id);
        continuousReads++;
        await new Promise((resolve) => setImmediate(resolve)); // PGlite answers without a turn of the event loop: let the server's I/O run
      }
    })();
    await server.runtime.readModels.rebuilt;
    rebuilt = true;
    await readAllAlong;

    expect(registered).not.toBeNull();
    expect([...extras].filter((id) => id !== registered)).toEqual([]);
    expect(readsBetweenBatches).toBeGreaterThanOrEqual(5);
    expect(continuousReads).toBeGreaterThan(0);
    expect(new Set(readyReasons)).not.toContain(undefined);
    for (const reason of readyReasons)
      expect(reason).toMatch(/^Projektion users wird neu aufgebaut \(Version 1 → 2\): \d+ % \(Position \d+ von \d+/);

    // Swapped: a new table, complete, with the version recorded and nothing left of the build.
    const sql = server.storage.sql;
    expect(await readUserIds(sql)).toEqual(withRegistered());
    expect(await tableOid(sql)).not.toBe(oldTable);
    expect(await sql.query('SELECT version FROM read_projection_versions WHERE projector = $1', ['users'])).toEqual([
      { version: 2 },
    ]);
    expect(await sql.query('SELECT nspname FROM pg_namespace WHERE nspname = $1', [buildSchemaOf(bumped)])).toEqual([]);
    expect((await server.runtime.readModels.dataSource.driver.createSchemaBuilder().log()).upQueries).toEqual([]); // the entities' exact shape
    expect(server.runtime.readModels.rebuilding()).toEqual([]);
    expect((await api(env.url, 'GET', '/api/ready')).status).toBe(200);

    // The server's runner carries the new table on.
    const later = (await registerAndLogin(env.url, 'nach-dem-umbau')).userId;
    await server.runtime.readModels.runner.waitFor(await server.storage.events.lastPosition());
    expect(await readUserIds(sql)).toEqual([...withRegistered(), later].sort());
  });

  it('when the server starts again with version 2, then nothing is rebuilt', async () => {
    const table = await tableOid(env!.server.storage.sql);
    await env!.stop();
    env = await start({ readProjections: { projectors } });
    expect(env.server.runtime.readModels.rebuilding()).toEqual([]);
    expect(await tableOid(env.server.storage.sql)).toBe(table);
  });
});
