import { streams, type Draft, type QuizShowEvent } from '../../events';
import { MAX_NAME_LENGTH, profileProblemOf, uniqueNameKey, type LiveState } from '../../projections/live';
import type { CreateLoginLink, MarkEmailPopupSeen, RegisterUser, UpdateProfile } from './commands';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { requireRole, requireUser, textOf } from './guards';
import { texts } from './texts';

/** Registration: the login is also the first display name; logins are unique regardless of case. */
export function registerUser(state: LiveState, cmd: RegisterUser, ctx: DecisionContext): Verdict {
  const login = textOf(cmd.login).trim();
  const password = textOf(cmd.password);
  if (login === '' || password === '' || login.length > MAX_NAME_LENGTH) return reject(texts.registrationFailed);
  if (cmd.passwordRepeat !== undefined && cmd.passwordRepeat !== password) return reject(texts.registrationPasswordMismatch);
  const key = uniqueNameKey(login);
  if (state.userIdByLogin.has(key)) return reject(texts.loginTaken, 'conflict');
  if (state.teamIdByName.has(key)) return reject(texts.loginIsTeamName, 'precondition');
  const userId = ctx.newId();
  const email = textOf(cmd.email).trim() || null;
  return accept(streams.user(userId), draft('UserRegistered', { userId, login, name: login, email, roles: [] }));
}

/** Display name at least 3 characters; a new password must equal its repeat. */
export function updateProfile(state: LiveState, cmd: UpdateProfile, ctx: DecisionContext): Verdict {
  const actor = requireUser(state, ctx);
  if ('ok' in actor) return actor;
  if (actor.id !== cmd.userId) return reject(texts.forbidden, 'forbidden');
  const name = textOf(cmd.name).trim();
  const newPassword = textOf(cmd.newPassword);
  const problem = profileProblemOf(name, newPassword, textOf(cmd.newPasswordRepeat));
  if (problem === 'nameTooShort') return reject(texts.displayNameTooShort);
  if (problem === 'passwordMismatch') return reject(texts.profilePasswordMismatch);
  const drafts: Draft<QuizShowEvent>[] = [];
  if (name !== actor.name) drafts.push(draft('UserProfileUpdated', { userId: actor.id, name }));
  if (newPassword !== '') drafts.push(draft('UserPasswordChanged', { userId: actor.id }));
  return accept(streams.user(actor.id), ...drafts);
}

export function markEmailPopupSeen(state: LiveState, cmd: MarkEmailPopupSeen, ctx: DecisionContext): Verdict {
  const actor = requireUser(state, ctx);
  if ('ok' in actor) return actor;
  if (actor.id !== cmd.userId) return reject(texts.forbidden, 'forbidden');
  return accept(streams.user(actor.id), draft('EmailPopupSeen', { userId: actor.id, seenAt: ctx.now }));
}

/** ali: the token secret is made by the server and stored under the link id. */
export function createLoginLink(state: LiveState, cmd: CreateLoginLink, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'admin');
  if (denied) return denied;
  const userId = textOf(cmd.id);
  if (!state.users.has(userId)) return reject(texts.notFound(userId), 'not_found');
  return accept(streams.user(userId), draft('LoginLinkCreated', { linkId: ctx.newId(), userId }));
}
