import type { EventEnvelope } from './envelope';

export type TeamOrigin = 'dialog' | 'qr';

export interface TeamCreatedDataV1 {
  teamId: string;
  name: string;
  createdBy: string | null;
}

/** Version 2 (changelog 0.3: teams got a city and a description, later a logo and QR sign-up). */
export interface TeamCreatedDataV2 {
  teamId: string;
  name: string;
  stadt: string;
  beschreibung: string;
  url: string;
  /** QR sign-ups are new until a moderator looks at them; new teams are left out of the letter lists. */
  isNew: boolean;
  origin: TeamOrigin;
  /** The approximate member count of a QR sign-up. */
  expectedMembers: number | null;
  createdBy: string | null;
}

/**
 * Version 3: the team's short number, which players type to join (`gj`). The rule hands out the
 * next one; teams of older logs (null after the upcast) get theirs in fold order (projections/live).
 */
export interface TeamCreatedData extends TeamCreatedDataV2 {
  number: number | null;
}

export type TeamCreatedV1 = EventEnvelope<'TeamCreated', 1, TeamCreatedDataV1>;
export type TeamCreated = EventEnvelope<'TeamCreated', 3, TeamCreatedData>;

export type JoinRoute = 'creation' | 'password' | 'fusion' | 'invite';

/** A user belongs to one team at a time: joining a team leaves the previous one. */
export type TeamJoined = EventEnvelope<'TeamJoined', 1, { teamId: string; userId: string; via: JoinRoute }>;

export type TeamEdited = EventEnvelope<
  'TeamEdited',
  1,
  { teamId: string; url: string; stadt: string; beschreibung: string }
>;

/** The invite token secret lives in the write side's table under inviteId. */
export type TeamInviteCreated = EventEnvelope<'TeamInviteCreated', 1, { inviteId: string; teamId: string }>;

export type TeamDeleted = EventEnvelope<'TeamDeleted', 1, { teamId: string }>;

/**
 * gpw: the team has a new password (its hash lives in the write side's table, never here). The
 * team's invite links end, and members taken out may rejoin again (PROTOCOL.md wave 5).
 */
export type TeamPasswordChanged = EventEnvelope<'TeamPasswordChanged', 1, { teamId: string; by: string }>;

/** glr: every invite link of the team ends (`gl` makes a new one). */
export type TeamInvitesEnded = EventEnvelope<'TeamInvitesEnded', 1, { teamId: string; by: string }>;

/** gx: a member left the team on their own. */
export type TeamLeft = EventEnvelope<'TeamLeft', 1, { teamId: string; userId: string }>;

/** mtr with lift: a member taken out (TeamMemberRemoved) may rejoin the team by password or invite again. */
export type TeamBarLifted = EventEnvelope<'TeamBarLifted', 1, { teamId: string; userId: string; by: string }>;

export type TeamEvent =
  | TeamCreated
  | TeamJoined
  | TeamEdited
  | TeamInviteCreated
  | TeamDeleted
  | TeamPasswordChanged
  | TeamInvitesEnded
  | TeamLeft
  | TeamBarLifted;
