/** The lobby chat's pace: slow mode, mutes and their bounds. */

/**
 * Lobby chat slow mode: one message per user every 3 seconds (PROTOCOL.md, wave 3). Typing a sentence
 * takes longer; a troll pasting into a full lobby is held to 20 a minute.
 */
export const LOBBY_CHAT_INTERVAL_MS = 3_000;
/** amu: the longest mute, a day (a show night is a few hours; 0 lifts a mute). */
export const MAX_MUTE_MINUTES = 24 * 60;
/** msl: the longest slow mode for everyone, an hour (beyond it, close the lobby chat: mlc). */
export const MAX_LOBBY_SLOW_SECONDS = 3600;

/** Whether a muted user is still muted at `now` (epoch ms). */
export function mutedAt(user: { readonly mutedUntil: number | null }, now: number): boolean {
  return user.mutedUntil !== null && user.mutedUntil > now;
}
