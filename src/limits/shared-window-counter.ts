import type { SqlDatabase } from '../store/sql/sql-database';
import { minutesUntilWindowEnds, type WindowLimit } from './window-counter';

/**
 * A fixed-window counter per key in a table of the write side's database, for the limits that protect
 * the log and the disk (docs/decisions/hostile-crowd-second-round.md, "Limits shared by instances"):
 * with DATABASE_URL every instance counts into the same rows, so N instances do not give N times the
 * allowance; embedded, the one process does. One atomic upsert per attempt; refused attempts count
 * too (they are what a script sends). Its table comes with migration 4 (src/store/sql/migrations.ts).
 */
/** Rows of ended windows are deleted after this many counts (per counter and process). */
const SWEEP_EVERY = 500;

export class SharedWindowCounter {
  private countsSinceSweep = 0;

  /** `name` keeps the counters of different limits apart in the one table. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly name: string,
    readonly limit: WindowLimit,
  ) {}

  static async open(db: SqlDatabase, name: string, limit: WindowLimit): Promise<SharedWindowCounter> {
    return new SharedWindowCounter(db, name, limit);
  }

  /** Counts one for the key: 0 while within the limit, else the minutes until its window ends. */
  async takeOrWait(key: string, now: number): Promise<number> {
    return (await this.take(key, now)).waitMinutes;
  }

  /** Counts one for the key: the count in its window with this one, and the minutes to wait when that is beyond the limit (else 0). */
  async take(key: string, now: number): Promise<{ count: number; waitMinutes: number }> {
    const rows = await this.db.query<{ count: number; window_end: Date | string }>(
      `INSERT INTO limit_counters (key, count, window_end) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN limit_counters.window_end <= $3 THEN 1 ELSE limit_counters.count + 1 END,
         window_end = CASE WHEN limit_counters.window_end <= $3 THEN EXCLUDED.window_end ELSE limit_counters.window_end END
       RETURNING count, window_end`,
      [this.key(key), new Date(now + this.limit.windowMs).toISOString(), new Date(now).toISOString()],
    );
    await this.sweepNow(now);
    const row = rows[0]!;
    if (row.count <= this.limit.max) return { count: row.count, waitMinutes: 0 };
    return { count: row.count, waitMinutes: minutesUntilWindowEnds(new Date(row.window_end).getTime() - this.limit.windowMs, this.limit, now) };
  }

  /** Minutes until the key may try again (0 while below the limit), counting nothing. */
  async blockedMinutes(key: string, now: number): Promise<number> {
    const rows = await this.db.query<{ count: number; window_end: Date | string }>('SELECT count, window_end FROM limit_counters WHERE key = $1 AND window_end > $2', [
      this.key(key),
      new Date(now).toISOString(),
    ]);
    const row = rows[0];
    if (!row || row.count < this.limit.max) return 0;
    return minutesUntilWindowEnds(new Date(row.window_end).getTime() - this.limit.windowMs, this.limit, now);
  }

  /** Takes one back within the key's window (an attempt that turned out not to count). */
  async giveBack(key: string, now: number): Promise<void> {
    await this.db.query('UPDATE limit_counters SET count = GREATEST(0, count - 1) WHERE key = $1 AND window_end > $2', [this.key(key), new Date(now).toISOString()]);
  }

  /** Forgets the key (a success that clears its failures). */
  async forget(key: string): Promise<void> {
    await this.db.query('DELETE FROM limit_counters WHERE key = $1', [this.key(key)]);
  }

  private key(key: string): string {
    return `${this.name} ${key}`;
  }

  private async sweepNow(now: number): Promise<void> {
    if (++this.countsSinceSweep < SWEEP_EVERY) return;
    this.countsSinceSweep = 0;
    await this.db.query('DELETE FROM limit_counters WHERE window_end <= $1', [new Date(now).toISOString()]);
  }
}
