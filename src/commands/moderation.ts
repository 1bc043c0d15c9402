/** Moderation (PROTOCOL.md, wave 3): hide a lobby chat entry or a greeting, mute a user, take a member out of a team. */
import { streams } from '../../events';
import {
  LOBBY_CHAT_INTERVAL_MS,
  LOBBY_FOR_EVERYONE_TEXTS,
  MAX_LOBBY_SLOW_SECONDS,
  MAX_MUTE_MINUTES,
  lobbyForEveryoneProblem,
  lobbySlowUntil,
  mutedAt,
  type LiveState,
  type UserLive,
} from '../../projections/live';
import { accept, draft, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { MODERATOR, OPERATOR, TEAMS, showOnly, type Entries } from './entry';
import { textOf, wholeNumberOf } from './fields';
import { texts } from './texts';
import { restoreLobbyChatMessage } from './content-moderation';
import { actorId } from './guards';

/** `hidden` false shows a hidden entry again (restoreLobbyChatMessage). */
export interface HideLobbyChatMessage {
  type: 'HideLobbyChatMessage';
  messageId: string;
  hidden?: boolean;
}
export interface SetLobbySlowMode {
  type: 'SetLobbySlowMode';
  seconds: number;
}
export interface SetLobbyChatOpen {
  type: 'SetLobbyChatOpen';
  open: boolean;
}
export interface HideGreeting {
  type: 'HideGreeting';
  greetingId: string;
}
export interface MuteUser {
  type: 'MuteUser';
  userId: string;
  minutes: number;
}
/** `lift`: instead of taking them out, lets a member taken out rejoin (PROTOCOL.md wave 5). */
export interface RemoveTeamMember {
  type: 'RemoveTeamMember';
  teamId: string;
  userId: string;
  lift?: boolean;
}
/** The commands of this file, as their rules receive them: moderationEntries holds one entry for each. */
export type ModerationCommand =
  HideLobbyChatMessage | HideGreeting | SetLobbySlowMode | SetLobbyChatOpen | MuteUser | RemoveTeamMember;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const MODERATION_COMMAND_TEXTS = {
  // from the spec, verbatim
  lobbySlowMode: 'Bitte warte kurz, bevor du die nächste Nachricht schickst.',
  lobbyClosed: LOBBY_FOR_EVERYONE_TEXTS.lobbyClosed,
  lobbySlowForEveryone: LOBBY_FOR_EVERYONE_TEXTS.lobbySlowForEveryone,
  lobbySlowSecondsInvalid: 'Der langsame Modus braucht eine ganze Zahl von 0 bis 3600 Sekunden.',
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  lobbyMessageNotFound: 'Diese Nachricht gibt es nicht (mehr).',
  greetingNotFound: 'Diesen Gruß gibt es nicht.',
  muteMinutesInvalid: `Bitte eine Dauer von 0 bis ${MAX_MUTE_MINUTES} Minuten angeben (0 hebt die Stummschaltung auf).`,
  operatorsCannotBeMuted: 'Admins und Moderatoren können nicht stummgeschaltet werden.',
  /** `minutes`: the minutes left, as text ("einer Minute" for one). */
  muted: (minutes: string) => `Du bist stummgeschaltet und kannst in ${minutes} wieder schreiben.`,
  notATeamMember: 'Diese Person ist nicht in diesem Team.',
} as const;

const MINUTE = 60_000;

/** mlh: the entry must still be in the lobby chat; with `hidden: false` among the recently hidden. */
export function hideLobbyChatMessage(
  state: LiveState,
  { messageId, hidden }: HideLobbyChatMessage,
  ctx: DecisionContext,
): Verdict {
  if (hidden === false) return restoreLobbyChatMessage(state, messageId, ctx);
  if (!state.show.lobbyChat.some((entry) => entry.id === messageId))
    return reject(MODERATION_COMMAND_TEXTS.lobbyMessageNotFound, 'not_found');
  return accept(streams.show, draft('LobbyChatMessageHidden', { messageId, by: actorId(ctx) }));
}

/** mgh: hiding a hidden greeting again changes nothing. */
export function hideGreeting(state: LiveState, { greetingId }: HideGreeting, ctx: DecisionContext): Verdict {
  const greeting = state.greetings.get(greetingId);
  if (!greeting) return reject(MODERATION_COMMAND_TEXTS.greetingNotFound, 'not_found');
  if (greeting.hidden) return accept(streams.show);
  return accept(streams.show, draft('GreetingHidden', { greetingId, by: actorId(ctx) }));
}

/** amu: minutes from now (0 lifts it); admins and moderators cannot be muted. */
export function muteUser(state: LiveState, { userId, minutes }: MuteUser, ctx: DecisionContext): Verdict {
  const user = state.users.get(userId);
  if (!user) return reject(texts.notFound(userId), 'not_found');
  if (user.roles.includes('admin') || user.roles.includes('moderator'))
    return reject(MODERATION_COMMAND_TEXTS.operatorsCannotBeMuted, 'forbidden');
  if (minutes === 0 && !mutedAt(user, ctx.now)) return accept(streams.user(userId));
  const until = minutes === 0 ? null : ctx.now + minutes * MINUTE;
  return accept(streams.user(userId), draft('UserMuted', { userId, minutes, until, by: actorId(ctx) }));
}

function parseMuteMinutes(value: number | null): number | Rejection {
  return value === null || value < 0 || value > MAX_MUTE_MINUTES
    ? reject(MODERATION_COMMAND_TEXTS.muteMinutesInvalid)
    : value;
}

/** mtr: the user must be a member of that team; with `lift`, a bar that is not there changes nothing. */
export function removeTeamMember(
  state: LiveState,
  { teamId, userId, lift }: RemoveTeamMember,
  ctx: DecisionContext,
): Verdict {
  const team = state.teams.get(teamId);
  if (!team) return reject(texts.notFound(teamId), 'not_found');
  const user = state.users.get(userId);
  if (!user) return reject(texts.notFound(userId), 'not_found');
  if (lift)
    return team.barredIds.includes(userId)
      ? accept(streams.team(teamId), draft('TeamBarLifted', { teamId, userId, by: actorId(ctx) }))
      : accept(streams.team(teamId));
  if (user.teamId !== teamId) return reject(MODERATION_COMMAND_TEXTS.notATeamMember, 'precondition');
  return accept(streams.team(teamId), draft('TeamMemberRemoved', { teamId, userId, by: actorId(ctx) }));
}

/** Lobby and team chat of a muted user are refused until the mute ends (the minutes left, rounded up). */
export function mutedRejection(user: UserLive, ctx: DecisionContext): Rejection | null {
  if (!mutedAt(user, ctx.now) || user.mutedUntil === null) return null;
  const minutes = Math.ceil((user.mutedUntil - ctx.now) / MINUTE);
  return reject(MODERATION_COMMAND_TEXTS.muted(minutes === 1 ? 'einer Minute' : `${minutes} Minuten`), 'forbidden');
}

/** msl: the same seconds again change nothing. */
export function setLobbySlowMode(state: LiveState, { seconds }: SetLobbySlowMode, ctx: DecisionContext): Verdict {
  if (state.show.lobbySlowSeconds === seconds) return accept(streams.show);
  return accept(streams.show, draft('LobbyChatSlowModeSet', { seconds, by: actorId(ctx) }));
}

/** mlc: opening an open chat (or closing a closed one) changes nothing. */
export function setLobbyChatOpen(state: LiveState, { open }: SetLobbyChatOpen, ctx: DecisionContext): Verdict {
  if (state.show.lobbyOpen === open) return accept(streams.show);
  return accept(streams.show, draft('LobbyChatOpenSet', { open, by: actorId(ctx) }));
}

/**
 * What the moderators set for everyone: a closed chat, or slow mode (the newest entry, whoever wrote
 * it, must be `seconds` old). Admins and moderators are not held by either.
 */
export function lobbyForEveryoneRejection(state: LiveState, ctx: DecisionContext): Rejection | null {
  if (ctx.actor.roles.includes('admin') || ctx.actor.roles.includes('moderator')) return null;
  const { lobbyOpen: open, lobbySlowSeconds: slowSeconds } = state.show;
  const problem = lobbyForEveryoneProblem({ open, slowSeconds, slowUntil: lobbySlowUntil(state.show) }, ctx.now);
  return problem === null ? null : reject(problem, 'precondition');
}

/** Lobby chat slow mode: the user's last entry still in the chat must be at least LOBBY_CHAT_INTERVAL_MS old. */
export function lobbySlowModeRejection(state: LiveState, userId: string, ctx: DecisionContext): Rejection | null {
  const chat = state.show.lobbyChat;
  for (const entry of chat.toReversed()) {
    if (ctx.now - entry.postedAt >= LOBBY_CHAT_INTERVAL_MS) return null;
    if (entry.userId === userId) return reject(MODERATION_COMMAND_TEXTS.lobbySlowMode, 'precondition');
  }
  return null;
}

export const moderationEntries = {
  HideLobbyChatMessage: {
    wire: 'mlh',
    content: { messageId: 'string', hidden: 'boolean' },
    access: MODERATOR,
    parse: (c) => ({
      type: 'HideLobbyChatMessage',
      messageId: textOf(c.messageId),
      ...(c.hidden === false ? { hidden: false } : {}),
    }),
    boundary: showOnly,
    rule: hideLobbyChatMessage,
  },
  HideGreeting: {
    wire: 'mgh',
    content: { greetingId: 'string' },
    access: MODERATOR,
    parse: (c) => ({ type: 'HideGreeting', greetingId: textOf(c.greetingId) }),
    boundary: showOnly,
    rule: hideGreeting,
  },
  SetLobbySlowMode: {
    wire: 'msl',
    content: { seconds: 'integer' },
    access: OPERATOR,
    parse: (c) => {
      const seconds = wholeNumberOf(c.seconds);
      return seconds === null || seconds < 0 || seconds > MAX_LOBBY_SLOW_SECONDS
        ? reject(MODERATION_COMMAND_TEXTS.lobbySlowSecondsInvalid)
        : { type: 'SetLobbySlowMode', seconds };
    },
    boundary: showOnly,
    rule: setLobbySlowMode,
  },
  SetLobbyChatOpen: {
    wire: 'mlc',
    content: { open: 'boolean' },
    access: OPERATOR,
    parse: (c) => ({ type: 'SetLobbyChatOpen', open: c.open === true }),
    boundary: showOnly,
    rule: setLobbyChatOpen,
  },
  MuteUser: {
    wire: 'amu',
    content: { userId: 'string', minutes: 'integer' },
    access: OPERATOR,
    parse: (c) => {
      const minutes = parseMuteMinutes(wholeNumberOf(c.minutes));
      return typeof minutes === 'number' ? { type: 'MuteUser', userId: textOf(c.userId), minutes } : minutes;
    },
    boundary: (cmd) => [streams.user(cmd.userId)],
    rule: muteUser,
  },
  RemoveTeamMember: {
    wire: 'mtr',
    content: { teamId: 'string', userId: 'string', lift: 'boolean' },
    access: OPERATOR,
    parse: (c) => ({
      type: 'RemoveTeamMember',
      teamId: textOf(c.teamId),
      userId: textOf(c.userId),
      lift: c.lift === true,
    }),
    // The user's team is a fact of every team stream (membership is written to the team joined).
    boundary: (cmd) => [TEAMS, streams.user(cmd.userId)],
    rule: removeTeamMember,
  },
} satisfies Entries<ModerationCommand>;
