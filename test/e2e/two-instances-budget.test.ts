/**
 * The budget of appended bytes (src/limits/append-budget.ts) is shared by two app instances on one
 * Postgres database: a player who spent it through A is refused through B too, so that two instances
 * do not double it. Needs Postgres: runs when DATABASE_URL is set (`.ci/run` sets it), skipped otherwise.
 */
import { APPEND_BUDGET_TEXTS } from '../../src/limits/append-budget';
import { freshDatabase } from '../support/fresh-database';
import { describeOnPostgres } from '../support/describe-on-postgres';
import { POSTGRES_URL } from '../support/test-database';
import { api, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

const BUDGET = 5_000;

describeOnPostgres('two-instances-budget', 'the append budget across two instances on one Postgres', () => {
  let database: { url: string; drop: () => Promise<void> };
  let a: TestServer;
  let b: TestServer;
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    database = await freshDatabase(POSTGRES_URL!);
    const env = { DATABASE_URL: database.url, APPEND_BUDGET_BYTES: String(BUDGET) };
    a = await startTestServer({}, undefined, env);
    b = await startTestServer({}, undefined, env);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((ws) => ws.close()));
    await a?.destroy();
    await b?.destroy();
    await database?.drop();
  });

  it('a player who spent the budget through A is refused through B, with the German text; what was stored stays within the budget plus one command', async () => {
    const nina = await registerAndLogin(a.url, 'nina');
    expect(
      (
        await api(
          a.url,
          'POST',
          '/api/teams',
          { name: 'Sparsam', newPassword: 'geheim1', stadt: 'Köln', beschreibung: 'Wir' },
          nina.token,
        )
      ).status,
    ).toBe(201);
    const onA = await WsClient.open(a.wsUrl, nina.token);
    const onB = await WsClient.open(b.wsUrl, nina.token);
    sockets.push(onA, onB);
    const chat = 'x'.repeat(900); // about 1 KB appended each
    let accepted = 0;
    let refusal: { success: boolean; message?: string } | null = null;
    for (let i = 0; i < 20 && !refusal; i++) {
      const reply = await onA.request('gc', { message: `${i} ${chat}` });
      if (reply.success) accepted++;
      else refusal = reply as { success: boolean; message?: string };
    }
    expect(refusal?.message).toMatch(
      /^Du hast in dieser Stunde schon sehr viel gesendet \(höchstens 5 KB pro Stunde\)\. Bitte versuche es in \d+ Minuten? noch einmal\.$/,
    );
    expect(accepted).toBeGreaterThanOrEqual(4);
    expect(accepted).toBeLessThanOrEqual(6);

    // Each instance flushes every second; flushed here at once, A's count first, then B learns of it.
    await a.server.runtime.limits.appendBudget.flush();
    await b.server.runtime.limits.appendBudget.flush();
    expect(await onB.request('gc', { message: chat })).toMatchObject({ success: false, message: refusal!.message });
    expect(await onA.request('gc', { message: chat })).toMatchObject({ success: false });
    // Commands that append nothing are never refused.
    expect(await onB.request('gu', { url: '', stadt: 'Köln', beschreibung: 'Wir' })).toMatchObject({ success: true });
    expect(APPEND_BUDGET_TEXTS.spent(BUDGET, 1)).toContain('einer Minute');
  });
});
