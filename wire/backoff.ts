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
