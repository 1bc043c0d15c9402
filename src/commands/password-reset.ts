/**
 * Getting back in (PROTOCOL.md wave 5): one-time password reset links, asked for by e-mail or made by
 * an admin, and the new password set through one. The links' tokens never reach a rule: the edge
 * keeps them as hashes (src/auth/one-time-tokens.ts) and hands on the link id and its verdict.
 */
import { streams } from '../../events';
import { operatorPasswordTooShort, type LiveState, type UserLive } from '../../projections/live';
import { accept, draft, isRejection, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { ADMIN, type Entries } from './entry';
import { textOf } from './fields';
import { texts } from './texts';
import { actorId } from './guards';

/** POST /api/password-reset: the edge found the account by its login or e-mail; the link goes to that e-mail. */
export interface RequestPasswordReset {
  type: 'RequestPasswordReset';
  userId: string;
}
/** POST /api/users/:id/reset-link: an admin makes a link to hand over (a player without e-mail). */
export interface CreatePasswordResetLink {
  type: 'CreatePasswordResetLink';
  userId: string;
}
/**
 * POST /api/password-reset/confirm: `linkId` is the link the token stood for, `resetLinkOk` the edge's
 * verdict that the token was valid, unexpired and is now used.
 */
export interface ConfirmPasswordReset {
  type: 'ConfirmPasswordReset';
  userId: string;
  linkId: string;
  passwordLength: number;
  resetLinkOk: boolean;
}
/** The commands of this file, as their rules receive them: passwordResetEntries holds one entry for each. */
export type PasswordResetCommand = RequestPasswordReset | CreatePasswordResetLink | ConfirmPasswordReset;

// ENGINE: no text in the spec (docs/decisions/password-reset.md)
export const PASSWORD_RESET_TEXTS = {
  noEmail: 'Dieses Konto hat keine E-Mail-Adresse.',
  accountBlocked: 'Dieses Konto ist gesperrt.',
  linkEnded:
    'Dieser Link ist ungültig, abgelaufen, schon benutzt oder durch einen neueren ersetzt. Fordere bitte einen neuen an.',
  passwordMissing: 'Bitte gib ein neues Passwort ein.',
} as const;

/** An account a link may be made for: it exists, is not erased and not blocked. */
function resettable(state: LiveState, userId: string): UserLive | Rejection {
  const user = state.users.get(userId);
  if (!user || user.erased) return reject(texts.notFound(userId), 'not_found');
  if (user.blocked) return reject(PASSWORD_RESET_TEXTS.accountBlocked, 'forbidden');
  return user;
}

/** A link by e-mail: only for an account with an address to send it to. The newest link ends the older ones. */
export function requestPasswordReset(state: LiveState, cmd: RequestPasswordReset, ctx: DecisionContext): Verdict {
  const user = resettable(state, cmd.userId);
  if (isRejection(user)) return user;
  if (!user.email) return reject(PASSWORD_RESET_TEXTS.noEmail, 'precondition');
  return accept(
    streams.user(user.id),
    draft('PasswordResetLinkCreated', { linkId: ctx.newId(), userId: user.id, by: null }),
  );
}

/** An admin's link for anyone (an e-mail is not needed: the admin hands it over); the event says who made it. */
export function createPasswordResetLink(state: LiveState, cmd: CreatePasswordResetLink, ctx: DecisionContext): Verdict {
  const user = resettable(state, cmd.userId);
  if (isRejection(user)) return user;
  return accept(
    streams.user(user.id),
    draft('PasswordResetLinkCreated', { linkId: ctx.newId(), userId: user.id, by: actorId(ctx) }),
  );
}

/**
 * The new password through a link: only the user's newest link, once (UserPasswordChanged ends it),
 * and only while its token checked out. Every older login token of the user ends with the event.
 */
export function confirmPasswordReset(state: LiveState, cmd: ConfirmPasswordReset): Verdict {
  const user = state.users.get(cmd.userId);
  if (!user || user.erased || !cmd.resetLinkOk || state.passwordResetLinks.get(user.id) !== cmd.linkId)
    return reject(PASSWORD_RESET_TEXTS.linkEnded);
  if (user.blocked) return reject(PASSWORD_RESET_TEXTS.accountBlocked, 'forbidden');
  if (cmd.passwordLength === 0) return reject(PASSWORD_RESET_TEXTS.passwordMissing);
  if (operatorPasswordTooShort(user.roles, cmd.passwordLength)) return reject(texts.operatorPasswordTooShort);
  return accept(streams.user(user.id), draft('UserPasswordChanged', { userId: user.id }));
}

export const passwordResetEntries = {
  // HTTP only: POST /api/password-reset (the edge names the account; the answer never says whether it exists).
  RequestPasswordReset: {
    access: 'anyone',
    parse: (c) => ({ type: 'RequestPasswordReset', userId: textOf(c.userId) }),
    boundary: (cmd) => [streams.user(cmd.userId)],
    rule: requestPasswordReset,
  },
  // HTTP only: POST /api/users/:id/reset-link.
  CreatePasswordResetLink: {
    access: ADMIN,
    parse: (c) => ({ type: 'CreatePasswordResetLink', userId: textOf(c.userId) }),
    boundary: (cmd) => [streams.user(cmd.userId)],
    rule: createPasswordResetLink,
  },
  // HTTP only: POST /api/password-reset/confirm (the token checked at the edge, src/identity/password-reset.ts).
  ConfirmPasswordReset: {
    access: 'anyone',
    parse: (c) => ({
      type: 'ConfirmPasswordReset',
      userId: textOf(c.userId),
      linkId: textOf(c.linkId),
      passwordLength: [...textOf(c.newPassword)].length,
      resetLinkOk: c.resetLinkOk === true,
    }),
    boundary: (cmd) => [streams.user(cmd.userId)],
    rule: confirmPasswordReset,
  },
} satisfies Entries<PasswordResetCommand>;
