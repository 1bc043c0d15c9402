/**
 * Exponential backoff with "equal" jitter, capped: the delay before attempt `attempt` (0-based) after a
 * failure is half the ceiling plus a random share of the other half, so a retry never comes at once
 * (full jitter, 0 to the ceiling, would let some clients hammer a recovering server immediately). `random` is a number in [0, 1): the caller rolls it. The web app resends a command answered
 * `retry: true` on this curve (PROTOCOL.md), and the server's loops wait on it while the database is away.
 */
export function backoffMs(attempt: number, random: number, options: { baseMs?: number; capMs?: number } = {}): number {
  const base = options.baseMs ?? 100;
  const cap = options.capMs ?? 3000;
  const ceiling = Math.min(cap, base * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/** The longest wait of the server's that a client keeps: a wait beyond it is cut to it (and asked again then). */
export const LONGEST_SERVER_WAIT_MS = 60_000;

/**
 * The delay before sending again what the server answered `retry`: the wait it named (`retryAfterMs`,
 * its password hashing queue's appointment) plus a little jitter, at most a tenth of it and 250 ms, so
 * that people told the same moment do not arrive in the same millisecond; without a named wait, backoffMs.
 */
export function resendDelayMs(
  attempt: number,
  random: number,
  retryAfterMs?: number,
  options: { baseMs?: number; capMs?: number } = {},
): number {
  if (retryAfterMs === undefined || !Number.isFinite(retryAfterMs) || retryAfterMs < 0)
    return backoffMs(attempt, random, options);
  const wait = Math.min(retryAfterMs, LONGEST_SERVER_WAIT_MS);
  return Math.round(wait + random * Math.min(250, wait / 10));
}
