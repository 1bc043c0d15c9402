/** Blocking users (abl), ending their tokens, and an admin's password reset (PROTOCOL.md, "People who would hurt the show"). */
import { streams } from '../../events';
import { operatorPasswordTooShort, type LiveState } from '../../projections/live';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { ADMIN, OPERATOR, SHOW, USERS, type Entries } from './entry';
import { textOf } from './fields';
import { texts } from './texts';
import { anotherAdmin, WORKING_ADMINS } from './user-roles';
import { IDENTITY_COMMAND_TEXTS } from './identity';
import { actorId } from './guards';

/** abl: an admin blocks or unblocks a user. */
export interface BlockUser {
  type: 'BlockUser';
  userId: string;
  blocked: boolean;
}
/** POST /api/token-logout-all: the user ends every token they hold. */
export interface RevokeTokens {
  type: 'RevokeTokens';
  userId: string;
}
/**
 * PATCH /api/users/:id with newPassword by an admin, for another user (the hash is set by the edge).
 * `changesProfile`: the request also asked to change the name or the e-mail popup's mark (an admin sets only the password).
 */
export interface ResetPassword {
  type: 'ResetPassword';
  userId: string;
  passwordLength: number;
  changesProfile: boolean;
}
/**
 * DELETE /api/users/me (the user) or /api/users/:id (an admin). `currentPasswordOk`: the edge's
 * verdict on the acting user's current password (src/identity/secured-command.ts); every erasure needs it.
 */
export interface EraseUser {
  type: 'EraseUser';
  userId: string;
  currentPasswordOk: boolean;
}
/** The commands of this file, as their rules receive them: accountEntries holds one entry for each. */
export type AccountCommand = BlockUser | RevokeTokens | ResetPassword | EraseUser;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const ACCOUNT_COMMAND_TEXTS = {
  // from the spec, verbatim
  operatorsBlockedByAdminsOnly: 'Admins, Moderatoren und Kontrolleure kann nur ein Admin sperren.',
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  lastAdminErased:
    'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du dieses Konto löschst.',
  cannotBlockSelf: 'Du kannst dich nicht selbst sperren.',
  lastAdminBlocked:
    'Die Show braucht mindestens einen Admin, der sich anmelden kann: Dieses Konto ist der letzte nicht gesperrte Admin.',
  currentPasswordWrong: IDENTITY_COMMAND_TEXTS.currentPasswordWrong,
} as const;

/**
 * abl: a block refuses the user's login and sockets and ends every token they hold; unblocking lets
 * them log in again (their old tokens stay ended). An admin cannot block themselves (the show keeps
 * the admin who acts). The same state again changes nothing.
 */
export function blockUser(state: LiveState, cmd: BlockUser, ctx: DecisionContext): Verdict {
  const user = state.users.get(cmd.userId);
  if (!user) return reject(texts.notFound(cmd.userId), 'not_found');
  if (cmd.blocked && user.id === ctx.actor.userId) return reject(ACCOUNT_COMMAND_TEXTS.cannotBlockSelf);
  // Moderators may block players; an operator (any role) is blocked, or unblocked, by an admin only.
  if (user.roles.length > 0 && !ctx.actor.roles.includes('admin'))
    return reject(ACCOUNT_COMMAND_TEXTS.operatorsBlockedByAdminsOnly, 'forbidden');
  if (cmd.blocked && !user.blocked && user.roles.includes('admin') && !anotherAdmin(state, user.id))
    return reject(ACCOUNT_COMMAND_TEXTS.lastAdminBlocked, 'conflict');
  if (user.blocked === cmd.blocked) return accept(streams.user(user.id));
  return accept(
    streams.user(user.id),
    draft('UserBlocked', { userId: user.id, blocked: cmd.blocked, blockedBy: actorId(ctx) }),
  );
}

/** The user themself ends every token they hold (every device, every open socket). */
export function revokeTokens(state: LiveState, cmd: RevokeTokens, ctx: DecisionContext): Verdict {
  if (cmd.userId !== ctx.actor.userId) return reject(texts.forbidden, 'forbidden');
  if (!state.users.has(cmd.userId)) return reject(texts.notFound(cmd.userId), 'not_found');
  return accept(streams.user(cmd.userId), draft('UserTokensRevoked', { userId: cmd.userId }));
}

/**
 * PATCH /api/users/:id for another user's account: an admin sets only its password (no current
 * password needed; not its name, not its e-mail popup mark); an operator's needs 8 characters.
 */
export function resetPassword(state: LiveState, cmd: ResetPassword): Verdict {
  if (cmd.changesProfile || cmd.passwordLength === 0) return reject(texts.forbidden, 'forbidden');
  const user = state.users.get(cmd.userId);
  if (!user) return reject(texts.notFound(cmd.userId), 'not_found');
  if (operatorPasswordTooShort(user.roles, cmd.passwordLength)) return reject(texts.operatorPasswordTooShort);
  return accept(streams.user(user.id), draft('UserPasswordChanged', { userId: user.id }));
}

/**
 * Erasure (DSGVO Art. 17): the user themself or an admin ends the account for good, proven by the
 * acting user's current password. The show keeps its last admin who can act (not blocked). Who erased whom is the event; the personal data leaves the vault (the store does it,
 * docs/decisions/erasure.md). Reads every user's roles: its boundary is all user streams.
 */
export function eraseUser(state: LiveState, cmd: EraseUser, ctx: DecisionContext): Verdict {
  const user = state.users.get(cmd.userId);
  if (!user || user.erased) return reject(texts.notFound(cmd.userId), 'not_found');
  if (user.id !== ctx.actor.userId && !ctx.actor.roles.includes('admin')) return reject(texts.forbidden, 'forbidden');
  if (!cmd.currentPasswordOk) return reject(ACCOUNT_COMMAND_TEXTS.currentPasswordWrong, 'forbidden');
  if (user.roles.includes('admin') && !anotherAdmin(state, user.id))
    return reject(ACCOUNT_COMMAND_TEXTS.lastAdminErased, 'conflict');
  return accept(streams.user(user.id), draft('UserErased', { userId: user.id, by: actorId(ctx) }));
}

export const accountEntries = {
  BlockUser: {
    wire: 'abl',
    content: { userId: 'string', blocked: 'boolean' },
    access: OPERATOR,
    parse: (c) => ({ type: 'BlockUser', userId: textOf(c.userId), blocked: c.blocked === true }),
    // The last-admin check reads who else is a working admin.
    boundary: (cmd) => [streams.user(cmd.userId), WORKING_ADMINS],
    rule: blockUser,
  },
  // HTTP only: POST /api/token-logout-all.
  RevokeTokens: {
    access: 'user',
    parse: (c) => ({ type: 'RevokeTokens', userId: textOf(c.userId) }),
    boundary: (cmd) => [streams.user(cmd.userId)],
    rule: revokeTokens,
  },
  ResetPassword: {
    access: ADMIN,
    parse: (c) => ({
      type: 'ResetPassword',
      userId: textOf(c.userId),
      passwordLength: [...textOf(c.newPassword)].length,
      changesProfile: c.name !== undefined || c.shownEmailPopupAt !== undefined,
    }),
    boundary: (cmd) => [streams.user(cmd.userId)],
    rule: resetPassword,
  },
  // HTTP only: DELETE /api/users/me (the current password checked at the edge) and DELETE /api/users/:id (admin).
  EraseUser: {
    access: 'user',
    parse: (c) => ({ type: 'EraseUser', userId: textOf(c.userId), currentPasswordOk: c.currentPasswordOk === true }),
    boundary: () => [SHOW, USERS],
    rule: eraseUser,
  },
} satisfies Entries<AccountCommand>;
