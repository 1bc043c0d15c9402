/**
 * Read your writes across app instances: an instance whose live state is behind the store (here:
 * it gets no notifications, so it learns of the other instance's events only at its next poll)
 * never answers from the stale state where that would refuse someone: it catches up first. A user
 * registered through A logs in, connects and is recognised through B at once; a team created through
 * A is joined through B at once; a quiz created through A is read and its question started through A
 * is ended through B at once. B's subscriptions poll only every minute, so without its catch-up B
 * would still be behind. Needs Postgres: runs when DATABASE_URL is set, skipped otherwise.
 */
import { freshDatabase } from '../support/fresh-database';
import { describeOnPostgres } from '../support/describe-on-postgres';
import { POSTGRES_URL } from '../support/test-database';
import { ADMIN_PASSWORD, api, login, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

describeOnPostgres(
  'lagging-instance',
  'an instance that learns of new events only by polling catches up instead of refusing',
  () => {
    let database: { url: string; drop: () => Promise<void> };
    let a: TestServer;
    let b: TestServer;
    const sockets: WsClient[] = [];
    let admin: string;

    async function register(name: string): Promise<string> {
      const registered = await api(a.url, 'POST', '/api/users', {
        data: { type: 'users', attributes: { login: name, name, newPassword: 'passwort123' } },
      });
      expect(registered.status).toBe(201);
      return registered.body.data.id as string;
    }

    async function open(server: TestServer, token: string): Promise<WsClient> {
      const ws = await WsClient.open(server.wsUrl, token);
      sockets.push(ws);
      return ws;
    }

    beforeAll(async () => {
      database = await freshDatabase(POSTGRES_URL!);
      a = await startTestServer({}, undefined, { DATABASE_URL: database.url });
      b = await startTestServer({ storage: { pollIntervalMs: 60_000, listen: false } }, undefined, {
        DATABASE_URL: database.url,
      });
      admin = await login(a.url, 'admin', ADMIN_PASSWORD);
    });

    afterAll(async () => {
      await Promise.all(sockets.map((ws) => ws.close()));
      await a?.destroy();
      await b?.destroy();
      await database?.drop();
    });

    it('registered through A: the password login through B works at once', async () => {
      await register('lena');
      expect(await api(b.url, 'POST', '/api/token-auth/', { username: 'lena', password: 'passwort123' })).toMatchObject(
        { status: 200 },
      );
    });

    it('registered and logged in through A: the socket on B authenticates at once', async () => {
      await register('malte');
      const token = await login(a.url, 'malte', 'passwort123');
      const ws = await WsClient.connect(b.wsUrl);
      sockets.push(ws);
      expect(await ws.request('sa', { token })).toEqual({ success: true });
    });

    it('registered and logged in through A: B knows the token at once', async () => {
      const userId = await register('nora');
      const token = await login(a.url, 'nora', 'passwort123');
      expect(await api(b.url, 'GET', '/api/tokens/current', undefined, token)).toMatchObject({
        status: 200,
        body: { data: { id: userId } },
      });
    });

    it('a team created through A is joined with its password through B at once', async () => {
      await register('ole');
      await register('pia');
      const [founder, joiner] = [await login(a.url, 'ole', 'passwort123'), await login(b.url, 'pia', 'passwort123')];
      const created = await api(
        a.url,
        'POST',
        '/api/teams',
        { name: 'Nachzügler-Team', newPassword: 'geheim42', stadt: 'Köln', beschreibung: '-' },
        founder,
      );
      expect(created.status).toBe(201);
      const onB = await open(b, joiner);
      expect(await onB.request('gj', { id: created.body.data.id, password: 'geheim42' })).toEqual({ success: true });
    });

    it('a quiz created through A is read through B at once; a question started through A is ended through B at once, and B does not refuse because it had not seen the start', async () => {
      const quiz = await api(
        a.url,
        'POST',
        '/api/quizzes',
        {
          name: 'Nachzügler',
          yearWeek: '2026-48',
          content: [{ type: 'normal', round: 1, number: 1, question: 'Schon da?', answer: 'Ja' }],
        },
        admin,
      );
      expect(await api(b.url, 'GET', `/api/quizzes/${quiz.body.data.id}`, undefined, admin)).toMatchObject({
        status: 200,
        body: { data: { id: quiz.body.data.id } },
      });
      const [onA, onB] = [await open(a, admin), await open(b, admin)];
      expect(await onA.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toEqual({ success: true });
      expect(await onB.request('mn')).toEqual({ success: true });
      await onA.until((v) => v.global?.state === 'qn');
    });
  },
);
