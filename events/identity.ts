import type { EventEnvelope, Role } from './envelope';

/** Fixed by the lead: the server bootstrap writes it in stream user-<userId>. */
export type UserRegistered = EventEnvelope<
  'UserRegistered',
  1,
  {
    userId: string;
    login: string;
    name: string;
    email: string | null;
    roles: Role[];
  }
>;

export type UserProfileUpdated = EventEnvelope<'UserProfileUpdated', 1, { userId: string; name: string }>;

/** The hash stays in the write side's table; the log only knows that it changed. */
export type UserPasswordChanged = EventEnvelope<'UserPasswordChanged', 1, { userId: string }>;

export type EmailPopupSeen = EventEnvelope<'EmailPopupSeen', 1, { userId: string; seenAt: number }>;

/** A one-time login link; its token secret lives in the write side's table under linkId. */
export type LoginLinkCreated = EventEnvelope<'LoginLinkCreated', 1, { linkId: string; userId: string }>;

/**
 * A one-time password reset link (PROTOCOL.md wave 5): asked for by e-mail (`by` null: the account's
 * own e-mail address receives it) or made by an admin for the user (`by`: the admin's user id). Its
 * token lives only as a hash in the write side's table under linkId; a newer link ends the older one.
 */
export type PasswordResetLinkCreated = EventEnvelope<
  'PasswordResetLinkCreated',
  1,
  { linkId: string; userId: string; by: string | null }
>;

/** PATCH /api/users/:id with `email` (and the current password): the user's new address; null: none. Personal data (the vault). */
export type UserEmailChanged = EventEnvelope<'UserEmailChanged', 1, { userId: string; email: string | null }>;

/** Who changed a user's roles: an admin (their user id), or the server's console (`npm run user`, the OS account that ran it). */
export type RolesChangedBy = { kind: 'admin'; userId: string } | { kind: 'console'; account: string };

/** A user's roles were set (PUT /api/users/:id/roles or `npm run user -- roles`); the envelope's recordedAt says when. */
export type UserRolesChanged = EventEnvelope<
  'UserRolesChanged',
  1,
  {
    userId: string;
    roles: Role[];
    previousRoles: Role[];
    changedBy: RolesChangedBy;
  }
>;

/** POST /api/token-logout-all: every login token the user holds so far stops working (sockets closed). */
export type UserTokensRevoked = EventEnvelope<'UserTokensRevoked', 1, { userId: string }>;

/** abl: an admin (`blockedBy`, their user id) blocked or unblocked a user; a block also ends every token the user holds. */
export type UserBlocked = EventEnvelope<'UserBlocked', 1, { userId: string; blocked: boolean; blockedBy: string }>;

/**
 * DELETE /api/users/me (the user) or /api/users/:id (an admin, `by`): the account is gone. Its personal
 * data leaves the vault (docs/decisions/erasure.md); its login is free again; every view names it
 * `Gelöschtes Konto`; what the person did stays in the history without their name.
 */
export type UserErased = EventEnvelope<'UserErased', 1, { userId: string; by: string }>;

export type IdentityEvent =
  | UserRegistered
  | UserProfileUpdated
  | UserPasswordChanged
  | EmailPopupSeen
  | LoginLinkCreated
  | UserRolesChanged
  | UserTokensRevoked
  | UserBlocked
  | UserErased
  | PasswordResetLinkCreated
  | UserEmailChanged;
