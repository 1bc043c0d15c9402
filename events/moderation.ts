import type { EventEnvelope } from './envelope';

/**
 * Moderation (PROTOCOL.md, wave 3, "People who would hurt the show"): each event names who did it
 * (`by`, a user id; the metadata's actor says the same with the roles held then).
 */

/** mlh: a lobby chat entry hidden for everybody (`messageId`: the id of the event that posted it). */
export type LobbyChatMessageHidden = EventEnvelope<'LobbyChatMessageHidden', 1, { messageId: string; by: string }>;

/** mgh: a greeting hidden from the wall. */
export type GreetingHidden = EventEnvelope<'GreetingHidden', 1, { greetingId: string; by: string }>;

/** amu: the user's lobby and team chat are refused until `until` (epoch ms); minutes 0 (until null) lifts it. */
export type UserMuted = EventEnvelope<
  'UserMuted',
  1,
  { userId: string; minutes: number; until: number | null; by: string }
>;

/**
 * mtr, or gr by a member who joined before them: a member taken out of a team; the member sees the
 * team selection again and cannot rejoin that team until its password changes or a moderator lifts it.
 */
export type TeamMemberRemoved = EventEnvelope<'TeamMemberRemoved', 1, { teamId: string; userId: string; by: string }>;

/**
 * msl: lobby chat slow mode for everyone (PROTOCOL.md wave 4, "Moderation, second round"): players
 * together may post one message every `seconds` (0 lifts it), on top of each player's 3 s.
 */
export type LobbyChatSlowModeSet = EventEnvelope<'LobbyChatSlowModeSet', 1, { seconds: number; by: string }>;

/** mlc: the lobby chat opened or closed for players (operators may still post). */
export type LobbyChatOpenSet = EventEnvelope<'LobbyChatOpenSet', 1, { open: boolean; by: string }>;

export type ModerationEvent =
  LobbyChatMessageHidden | GreetingHidden | UserMuted | TeamMemberRemoved | LobbyChatSlowModeSet | LobbyChatOpenSet;
