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

/** The lobby's refusals for everyone (the spec's, verbatim), beside their rule. */
export const LOBBY_FOR_EVERYONE_TEXTS = {
  lobbyClosed: 'Der Lobby-Chat ist gerade geschlossen.',
  lobbySlowForEveryone: (seconds: number, wait: number) =>
    `Im Lobby-Chat ist gerade nur eine Nachricht alle ${seconds} Sekunden erlaubt. Bitte versuche es in ${wait === 1 ? 'einer Sekunde' : `${wait} Sekunden`} noch einmal.`,
} as const;

/** What the moderators set for everyone, as the global view shows it (lobbyChatOpen, lobbyChatSlowSeconds, lobbyChatSlowUntil). */
export interface LobbyChatLimits {
  readonly open: boolean;
  readonly slowSeconds: number;
  /** Slow mode: when the next message may go (the newest entry's time plus the seconds, epoch ms); null without slow mode or entries. */
  readonly slowUntil: number | null;
}

/** When slow mode lets the next message go: the newest entry, whoever wrote it, must be `seconds` old. */
export function lobbySlowUntil(show: {
  readonly lobbySlowSeconds: number;
  readonly lobbyChat: readonly { readonly postedAt: number }[];
}): number | null {
  const newest = show.lobbyChat[show.lobbyChat.length - 1];
  return show.lobbySlowSeconds === 0 || !newest ? null : newest.postedAt + show.lobbySlowSeconds * 1000;
}

/**
 * The one rule of a closed or slowed lobby chat (players only; admins and moderators are held by
 * neither): the German reason a message would be refused at `now`, or null. The server refuses by it;
 * the web app shows it with the input disabled before anyone types.
 */
export function lobbyForEveryoneProblem(lobby: LobbyChatLimits, now: number): string | null {
  if (!lobby.open) return LOBBY_FOR_EVERYONE_TEXTS.lobbyClosed;
  if (lobby.slowUntil === null) return null;
  const waitMs = lobby.slowUntil - now;
  return waitMs > 0 ? LOBBY_FOR_EVERYONE_TEXTS.lobbySlowForEveryone(lobby.slowSeconds, Math.ceil(waitMs / 1000)) : null;
}
