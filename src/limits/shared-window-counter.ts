import type { SqlDatabase } from '../store/sql/sql-database';
import { minutesUntilWindowEnds, type WindowLimit } from './window-counter';
import { present } from '../../projections/live/state/present';

/**
 * A fixed-window counter per key in a table of the write side's database, for the limits that protect
 * the log and the disk (docs/decisions/hostile-crowd-second-round.md, "Limits shared by instances"):
 * with DATABASE_URL every instance counts into the same rows, so N instances do not give N times the
 * allowance; embedded, the one process does. One atomic upsert per attempt; refused attempts count
 * too (they are what a script sends). Its table comes with migration 4 (src/store/sql/migrations.ts).
 */
/** Rows of ended windows are deleted after this many counts (per counter and process). */
const SWEEP_EVERY = 500;

/** One more for a key, counted in its window (a window that has ended starts afresh at 1); `rows` names the key and the window's end. */
const countOne = (rows: string, now: string) => `INSERT INTO limit_counters (key, count, window_end) ${rows}
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN limit_counters.window_end <= ${now} THEN 1 ELSE limit_counters.count + 1 END,
         window_end = CASE WHEN limit_counters.window_end <= ${now} THEN EXCLUDED.window_end ELSE limit_counters.window_end END
       RETURNING count, window_end`;

interface CountRow {
  count: number;
  window_end: Date | string;
}

/** What a count says: the count in the key's window with this one, and the minutes to wait when that is beyond the limit (else 0). */
export interface Taken {
  count: number;
  waitMinutes: number;
}

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
  async take(key: string, now: number): Promise<Taken> {
    const rows = await this.db.query<CountRow>(countOne('VALUES ($1, 1, $2)', '$3'), [
      this.key(key),
      this.windowEnd(now),
      new Date(now).toISOString(),
    ]);
    await this.sweepNow(now);
    return this.taken(present(rows[0], 'the row an upsert returns'), now);
  }

  /**
   * Counts one for `key` here and, only while that count is within this limit, one for `thenKey` in
   * `then` (another limit in the same table): one statement for both, locking this key's row first.
   * Whoever counts keys of two limits so must always name them in the same order.
   */
  async takeThen(
    key: string,
    then: SharedWindowCounter,
    thenKey: string,
    now: number,
  ): Promise<{ first: Taken; second: Taken | null }> {
    const rows = await this.db.query<{
      first_count: number;
      first_end: Date | string;
      second_count: number | null;
      second_end: Date | string | null;
    }>(
      `WITH first AS (${countOne('VALUES ($1, 1, $2)', '$5')}),
       second AS (${countOne('SELECT $3, 1, $4 FROM first WHERE first.count <= $6', '$5')})
       SELECT first.count AS first_count, first.window_end AS first_end, second.count AS second_count, second.window_end AS second_end
       FROM first LEFT JOIN second ON true`,
      [
        this.key(key),
        this.windowEnd(now),
        then.key(thenKey),
        then.windowEnd(now),
        new Date(now).toISOString(),
        this.limit.max,
      ],
    );
    await this.sweepNow(now);
    const row = present(rows[0], 'the row an upsert returns');
    const first = this.taken({ count: row.first_count, window_end: row.first_end }, now);
    return {
      first,
      second:
        row.second_count === null || row.second_end === null
          ? null
          : then.taken({ count: row.second_count, window_end: row.second_end }, now),
    };
  }

  /** Minutes until the key may try again (0 while below the limit), counting nothing. */
  async blockedMinutes(key: string, now: number): Promise<number> {
    const rows = await this.db.query<{ count: number; window_end: Date | string }>(
      'SELECT count, window_end FROM limit_counters WHERE key = $1 AND window_end > $2',
      [this.key(key), new Date(now).toISOString()],
    );
    const row = rows[0];
    if (!row || row.count < this.limit.max) return 0;
    return minutesUntilWindowEnds(new Date(row.window_end).getTime() - this.limit.windowMs, this.limit, now);
  }

  /** Takes one back within the key's window (an attempt that turned out not to count). */
  async giveBack(key: string, now: number): Promise<void> {
    await this.db.query('UPDATE limit_counters SET count = GREATEST(0, count - 1) WHERE key = $1 AND window_end > $2', [
      this.key(key),
      new Date(now).toISOString(),
    ]);
  }

  /** Forgets the key (a success that clears its failures). */
  async forget(key: string): Promise<void> {
    await this.db.query('DELETE FROM limit_counters WHERE key = $1', [this.key(key)]);
  }

  private key(key: string): string {
    return `${this.name} ${key}`;
  }

  private windowEnd(now: number): string {
    return new Date(now + this.limit.windowMs).toISOString();
  }

  private taken(row: CountRow, now: number): Taken {
    if (row.count <= this.limit.max) return { count: row.count, waitMinutes: 0 };
    return {
      count: row.count,
      waitMinutes: minutesUntilWindowEnds(new Date(row.window_end).getTime() - this.limit.windowMs, this.limit, now),
    };
  }

  private async sweepNow(now: number): Promise<void> {
    if (++this.countsSinceSweep < SWEEP_EVERY) return;
    this.countsSinceSweep = 0;
    await this.db.query('DELETE FROM limit_counters WHERE window_end <= $1', [new Date(now).toISOString()]);
  }
}
