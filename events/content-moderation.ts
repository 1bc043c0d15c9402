import type { EventEnvelope } from './envelope';

/**
 * Moderators' hands on content (PROTOCOL.md wave 5): names, logos, pictures and hidden lobby lines.
 * Each event names who did it (`by`, a user id; the metadata's actor says the same with the roles held then).
 */

/** mlh with `hidden: false`: a hidden lobby chat entry shows again where it was (while the live state keeps it among the recently hidden). */
export type LobbyChatMessageRestored = EventEnvelope<'LobbyChatMessageRestored', 1, { messageId: string; by: string }>;

/** mtn: a moderator renamed a team (`name`: the new name, within the team name rules; team names are no personal data). */
export type TeamRenamed = EventEnvelope<'TeamRenamed', 1, { teamId: string; name: string; by: string }>;

/**
 * mun: a moderator changed a user's display name. `name` is personal data: it lives in the vault and
 * reads `Gelöschtes Konto` after an erasure (events/personal-data.ts).
 */
export type UserRenamed = EventEnvelope<'UserRenamed', 1, { userId: string; name: string; by: string }>;

/** mtl: a moderator cleared a team's logo and link (its `url`). */
export type TeamLogoCleared = EventEnvelope<'TeamLogoCleared', 1, { teamId: string; by: string }>;

/**
 * mph: an uploaded picture (its stored name) hidden from every view, list and download for players,
 * or shown again (`hidden: false`); the file stays for the audit.
 */
export type PictureHidden = EventEnvelope<'PictureHidden', 1, { fileName: string; hidden: boolean; by: string }>;

export type ContentModerationEvent =
  LobbyChatMessageRestored | TeamRenamed | UserRenamed | TeamLogoCleared | PictureHidden;
