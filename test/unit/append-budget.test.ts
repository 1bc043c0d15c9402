/**
 * The per-user budget of appended bytes (src/limits/append-budget.ts) on a real database (PGlite, or a
 * fresh Postgres database with DATABASE_URL): two budgets over one table stand for two app instances.
 */
import { APPEND_BUDGET_TEXTS, AppendBudget } from '../../src/limits/append-budget';
import { HOUR, MINUTE } from '../../src/limits/window-counter';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { emptyDatabase, openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';

const player = { userId: 'spieler', roles: [] };
const moderator = { userId: 'moderatorin', roles: ['moderator' as const] };
const LIMIT = 10_000;

describe('the budget of appended bytes', () => {
  let database: TestSqlDatabase;
  let now = Date.UTC(2026, 10, 20, 19, 37, 0);
  const clock = () => now;

  beforeAll(async () => {
    database = await openTestSqlDatabase();
  });
  beforeEach(async () => {
    await emptyDatabase(database.db);
    await migrateWriteSide(database.db);
    now = Date.UTC(2026, 10, 20, 19, 37, 0);
  });
  afterAll(async () => {
    await database.close();
  });

  it("refuses a player once the hour's bytes are spent, saying when it frees up; operators never", async () => {
    const budget = await AppendBudget.open(database.db, LIMIT, clock);
    budget.spent(player, LIMIT - 1, now);
    budget.spent(moderator, 10 * LIMIT, now);
    expect(budget.refusal(player, now)).toBeNull();
    budget.spent(player, 1, now);
    expect(budget.refusal(player, now)).toEqual({
      ok: false,
      reason: 'limited',
      message: APPEND_BUDGET_TEXTS.spent(LIMIT, 23),
    });
    expect(budget.refusal(player, now)!.message).toBe(
      'Du hast in dieser Stunde schon sehr viel gesendet (höchstens 10 KB pro Stunde). Bitte versuche es in 23 Minuten noch einmal.',
    );
    expect(budget.refusal(moderator, now)).toBeNull();
    now += 23 * MINUTE; // the next hour
    expect(budget.refusal(player, now)).toBeNull();
  });

  it('is shared by two instances: what one counted, the other refuses after a flush (not doubled)', async () => {
    const a = await AppendBudget.open(database.db, LIMIT, clock);
    const b = await AppendBudget.open(database.db, LIMIT, clock);
    a.spent(player, 6_000, now);
    b.spent(player, 6_000, now);
    expect(a.refusal(player, now)).toBeNull(); // each alone is below the limit
    expect(b.refusal(player, now)).toBeNull();
    await a.flush();
    await b.flush(); // b's upsert returns both instances' total
    expect(b.refusal(player, now)).not.toBeNull();
    await a.flush(); // a learns of the player over the limit without having counted more
    expect(a.refusal(player, now)).not.toBeNull();
    const [row] = await database.db.query<{ bytes: string | number }>(
      'SELECT bytes FROM append_budget WHERE user_id = $1',
      [player.userId],
    );
    expect(Number(row!.bytes)).toBe(12_000);
  });

  it('an instance that never saw the player learns that they are over at its next flush', async () => {
    const a = await AppendBudget.open(database.db, LIMIT, clock);
    const c = await AppendBudget.open(database.db, LIMIT, clock);
    a.spent(player, LIMIT, now);
    await a.flush();
    expect(c.refusal(player, now)).toBeNull();
    await c.flush();
    expect(c.refusal(player, now)).not.toBeNull();
  });

  it('a new hour deletes the rows of ended windows', async () => {
    const a = await AppendBudget.open(database.db, LIMIT, clock);
    a.spent(player, 100, now);
    await a.flush();
    now += HOUR;
    a.spent(player, 100, now);
    await a.flush();
    const rows = await database.db.query('SELECT * FROM append_budget');
    expect(rows).toHaveLength(1);
  });
});
