/** A limit of `max` counts per key in a fixed window of `windowMs`. */
export interface WindowLimit {
  readonly max: number;
  readonly windowMs: number;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** "einer Minute" or "N Minuten", for the German "Bitte versuche es in … noch einmal." */
export function minutesText(minutes: number): string {
  return minutes === 1 ? 'einer Minute' : `${minutes} Minuten`;
}

/** Minutes (at least one) until a window that began at `since` ends, or 0 once it has ended. */
export function minutesUntilWindowEnds(since: number, limit: WindowLimit, now: number): number {
  const ends = since + limit.windowMs;
  return ends > now ? Math.max(1, Math.ceil((ends - now) / MINUTE)) : 0;
}

/**
 * Counts per key in fixed windows, in this process's memory; keys whose window has passed are swept
 * once the map has grown. Every in-memory limit of the server (per user, per address, per team) is one.
 */
export class WindowCounter {
  private readonly counts = new Map<string, { count: number; since: number }>();
  private sweepAbove = 1_000;

  constructor(private readonly limit: WindowLimit) {}

  /** Whether the key has used up its window at `now` (ms). */
  exhausted(key: string, now: number): boolean {
    const entry = this.current(key, now);
    return entry !== undefined && entry.count >= this.limit.max;
  }

  /** Minutes until the key may try again, or 0 while it is below the limit. */
  blockedMinutes(key: string, now: number): number {
    const entry = this.current(key, now);
    return entry && entry.count >= this.limit.max ? minutesUntilWindowEnds(entry.since, this.limit, now) : 0;
  }

  /** Counts one for the key unless it has used up its window; false then. */
  take(key: string, now: number): boolean {
    if (this.exhausted(key, now)) return false;
    this.add(key, now);
    return true;
  }

  /** Like `take`, but says how long to wait: 0 when counted, else the minutes until the key may again. */
  takeOrWait(key: string, now: number): number {
    const blocked = this.blockedMinutes(key, now);
    if (blocked === 0) this.add(key, now);
    return blocked;
  }

  add(key: string, now: number): void {
    const entry = this.current(key, now);
    if (entry) entry.count++;
    else this.counts.set(key, { count: 1, since: now });
    if (this.counts.size > this.sweepAbove) this.sweep(now);
  }

  /** Takes one back (an attempt that turned out not to count), within the current window. */
  remove(key: string, now: number): void {
    const entry = this.current(key, now);
    if (entry && entry.count > 0) entry.count--;
  }

  private current(key: string, now: number) {
    const entry = this.counts.get(key);
    return entry && now - entry.since < this.limit.windowMs ? entry : undefined;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.counts) if (now - entry.since >= this.limit.windowMs) this.counts.delete(key);
    this.sweepAbove = Math.max(1_000, this.counts.size * 2);
  }
}
