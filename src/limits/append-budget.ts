import { Logger } from '@nestjs/common';
import type { Actor, QuizShowEvent } from '../../events';
import { germanNumber } from '../../projections/live';
import { reject, type Rejection } from '../commands';
import type { SqlDatabase } from '../store/sql/sql-database';
import { isUnavailable } from '../store/unavailable';
import { APPEND_BUDGET_BYTES_PER_HOUR } from '../config';
import { HOUR, MINUTE, minutesText } from './window-counter';

export { APPEND_BUDGET_BYTES_PER_HOUR };
/** How often a process writes what it counted to the shared table and learns who is over (docs/decisions/bounded-input.md). */
export const APPEND_BUDGET_FLUSH_MS = 1_000;

/** 1000000 as "1 MB", 20000 as "20 KB". */
function bytesText(bytes: number): string {
  return bytes >= 1_000_000 && bytes % 1_000_000 === 0
    ? `${germanNumber(bytes / 1_000_000)} MB`
    : `${germanNumber(Math.round(bytes / 1000))} KB`;
}

export const APPEND_BUDGET_TEXTS = {
  spent: (limit: number, minutes: number) =>
    `Du hast in dieser Stunde schon sehr viel gesendet (höchstens ${bytesText(limit)} pro Stunde). Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
} as const;

/** The bytes events take in the log: their data and type as JSON (metadata is the same size for everyone). */
export function appendedBytes(events: readonly QuizShowEvent[]): number {
  let bytes = 0;
  for (const event of events) bytes += Buffer.byteLength(JSON.stringify(event.data)) + event.type.length;
  return bytes;
}

/** What the command pipeline asks of a budget (src/engine/command-pipeline.ts). */
export interface AppendAllowance {
  /** The refusal for a command of this actor that would append, or null. */
  refusal(actor: Actor, now: number): Rejection | null;
  /** Counts what the actor's command appended. */
  spent(actor: Actor, bytes: number, now: number): void;
}

/**
 * The user whose budget the actor's commands spend, or null when exempt: operators (admin, moderator), and
 * anonymous commands (QR sign-up, greetings), which have limits per address of their own.
 */
function budgetedUser(actor: Actor): string | null {
  return actor.roles.includes('admin') || actor.roles.includes('moderator') ? null : actor.userId;
}

/**
 * The per-user budget (APPEND_BUDGET_BYTES, default 1 MB an hour), shared by every instance on one database: a row per (user, hour window) in
 * the write side's SQL database. On the hot path it costs two map lookups: each process counts in
 * memory and, at most every APPEND_BUDGET_FLUSH_MS, adds its counts to the rows in one upsert (which
 * returns the totals of every instance) and reads which users are over the limit (nearly always none).
 * The price: a user can pass the limit by what they append within one flush interval on each instance.
 */
export class AppendBudget implements AppendAllowance {
  /** Bytes appended through this process and not yet added to the table, by user. */
  private unflushed = new Map<string, number>();
  /** The table's totals at the last flush, by user (those this process counted, and those over the limit). */
  private shared = new Map<string, number>();
  private window: number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** A new window began: the next flush deletes the rows of ended ones. */
  private sweep = false;
  private readonly logger = new Logger('AppendBudget');

  private constructor(
    private readonly db: SqlDatabase,
    readonly bytesPerHour: number,
    private readonly clock: () => number,
  ) {
    this.window = windowOf(clock());
  }

  /** Its table comes with migration 3 (src/store/sql/migrations.ts). */
  static async open(
    db: SqlDatabase,
    bytesPerHour = APPEND_BUDGET_BYTES_PER_HOUR,
    clock: () => number = Date.now,
  ): Promise<AppendBudget> {
    return new AppendBudget(db, bytesPerHour, clock);
  }

  /** Flushes every interval until stopped. */
  start(intervalMs = APPEND_BUDGET_FLUSH_MS): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  refusal(actor: Actor, now: number): Rejection | null {
    const id = budgetedUser(actor);
    if (id === null) return null;
    this.roll(now);
    const spent = (this.shared.get(id) ?? 0) + (this.unflushed.get(id) ?? 0);
    if (spent < this.bytesPerHour) return null;
    const minutes = Math.max(1, Math.ceil((this.window + HOUR - now) / MINUTE));
    return reject(APPEND_BUDGET_TEXTS.spent(this.bytesPerHour, minutes), 'limited');
  }

  spent(actor: Actor, bytes: number, now: number): void {
    const id = budgetedUser(actor);
    if (id === null || bytes <= 0) return;
    this.roll(now);
    this.unflushed.set(id, (this.unflushed.get(id) ?? 0) + bytes);
  }

  /**
   * Adds this process's counts to the shared rows and learns the totals (one flush at a time). A
   * failed flush keeps its counts for the next; the budget never refuses for a database that is away.
   */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async write(): Promise<void> {
    const window = this.window;
    const counts = this.unflushed;
    this.unflushed = new Map();
    const windowStart = new Date(window).toISOString();
    try {
      if (this.sweep) {
        await this.db.query('DELETE FROM append_budget WHERE window_start < $1', [windowStart]);
        this.sweep = false;
      }
      if (counts.size > 0) {
        const rows = await this.db.query<{ user_id: string; bytes: string | number }>(
          `INSERT INTO append_budget (user_id, window_start, bytes)
           SELECT u, $2, b FROM unnest($1::text[], $3::bigint[]) AS t(u, b)
           ON CONFLICT (user_id, window_start) DO UPDATE SET bytes = append_budget.bytes + EXCLUDED.bytes
           RETURNING user_id, bytes`,
          [[...counts.keys()], windowStart, [...counts.values()]],
        );
        if (window === this.window) for (const row of rows) this.shared.set(row.user_id, Number(row.bytes));
      }
      const over = await this.db.query<{ user_id: string; bytes: string | number }>(
        'SELECT user_id, bytes FROM append_budget WHERE window_start = $1 AND bytes >= $2',
        [windowStart, this.bytesPerHour],
      );
      if (window === this.window) for (const row of over) this.shared.set(row.user_id, Number(row.bytes));
    } catch (error) {
      if (window === this.window)
        for (const [id, bytes] of counts) this.unflushed.set(id, (this.unflushed.get(id) ?? 0) + bytes);
      if (!isUnavailable(error)) this.logger.warn(`append budget not written: ${String(error)}`);
    }
  }

  /**
   * A new hour starts with nothing spent (what was counted in the last flush interval of the old one
   * and not yet written is dropped); the next flush deletes the rows of ended windows.
   */
  private roll(now: number): void {
    const window = windowOf(now);
    if (window === this.window) return;
    this.window = window;
    this.shared.clear();
    this.unflushed.clear();
    this.sweep = true;
  }
}

function windowOf(now: number): number {
  return Math.floor(now / HOUR) * HOUR;
}
