/** The countdown is computed from the end instant the server sends and the measured server clock offset. */

export const COUNTDOWN_RED_BELOW_SECONDS = 10;

/**
 * Offset to add to the local clock to get the server clock, measured from one request/reply:
 * the server's time is assumed to lie in the middle of the round trip.
 */
export function serverOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  return serverTime - (sentAt + receivedAt) / 2;
}

/**
 * Whole seconds left (rounded up), never negative and never more than the countdown was started with
 * (`length`: a slow clock-offset measurement must not show 5 s of a 4 s countdown); null when none runs.
 */
export function secondsLeft(
  countdownEndsAt: number | null | undefined,
  localNow: number,
  offset: number,
  length?: number | null,
): number | null {
  if (countdownEndsAt === null || countdownEndsAt === undefined) return null;
  const left = Math.max(0, Math.ceil((countdownEndsAt - (localNow + offset)) / 1000));
  return typeof length === 'number' && length > 0 ? Math.min(left, length) : left;
}

export function isUrgent(seconds: number | null): boolean {
  return seconds !== null && seconds < COUNTDOWN_RED_BELOW_SECONDS;
}

/** 75 → "1:15". */
export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes}:${rest.toString().padStart(2, '0')}`;
}
