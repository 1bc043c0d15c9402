/** One's own e-mail address (PROTOCOL.md wave 5): changed with the current password, like a new password. */
import { streams } from '../../events';
import { EMAIL_PROBLEM_TEXTS, emailProblemOf, type LiveState } from '../../projections/live';
import { accept, draft, isRejection, reject, type DecisionContext, type Verdict } from './decision';
import { own, trimmed, type Entries } from './entry';
import { textOf } from './fields';
import { requireUser } from './guards';
import { IDENTITY_COMMAND_TEXTS } from './identity';
import { texts } from './texts';

/** PATCH /api/users/:id with `email`: `currentPasswordOk` is the edge's verdict on the current password. */
export interface ChangeEmail {
  type: 'ChangeEmail';
  userId: string;
  /** The new address, trimmed; empty: the account keeps none. */
  email: string;
  currentPasswordOk: boolean;
}
/** The commands of this file, as their rules receive them: emailChangeEntries holds one entry for each. */
export type EmailChangeCommand = ChangeEmail;

/** The refusals of a bad address: beside their rule (projections/live/rules/email.ts), shared with the profile form. */
export const EMAIL_TEXTS = EMAIL_PROBLEM_TEXTS;

/**
 * The user's own address, only with the current password (whoever holds a session must not redirect
 * the reset e-mails). Empty removes it; the same address again appends nothing.
 */
export function changeEmail(state: LiveState, cmd: ChangeEmail, ctx: DecisionContext): Verdict {
  const actor = requireUser(state, ctx);
  if (isRejection(actor)) return actor;
  if (actor.id !== cmd.userId) return reject(texts.forbidden, 'forbidden');
  const problem = cmd.email === '' ? null : emailProblemOf(cmd.email);
  if (problem) return reject(EMAIL_TEXTS[problem]);
  if (!cmd.currentPasswordOk) return reject(IDENTITY_COMMAND_TEXTS.currentPasswordWrong, 'forbidden');
  const email = cmd.email === '' ? null : cmd.email;
  if (email === actor.email) return accept(streams.user(actor.id));
  return accept(streams.user(actor.id), draft('UserEmailChanged', { userId: actor.id, email }));
}

export const emailChangeEntries = {
  // HTTP only: PATCH /api/users/:id with `email` (the current password checked at the edge).
  ChangeEmail: {
    access: 'user',
    parse: (c) => ({
      type: 'ChangeEmail',
      userId: textOf(c.userId),
      email: trimmed(c.email),
      currentPasswordOk: c.currentPasswordOk === true,
    }),
    boundary: (_c, _s, actorId) => own(actorId),
    rule: changeEmail,
  },
} satisfies Entries<EmailChangeCommand>;
