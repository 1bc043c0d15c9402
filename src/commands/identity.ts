import { streams, type Draft, type QuizShowEvent } from '../../events';
import {
  MAX_USERNAME_LENGTH,
  NEW_ACCOUNTS_CLOSED_TEXT,
  USERNAME_TOO_LONG_TEXT,
  firstTooLong,
  newAccountsClosed,
  operatorPasswordTooShort,
  profileProblemOf,
  uniqueNameKey,
  type LiveState,
  type ProfileProblem,
} from '../../projections/live';
import { accept, draft, isRejection, reject, type DecisionContext, type Verdict } from './decision';
import { ADMIN, SHOW, TEAMS, USERS, own, trimmed, type Entries } from './entry';
import { textOf } from './fields';
import { requireUser } from './guards';
import { texts } from './texts';
import { ERASED_NAME } from '../../events/personal-data';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface RegisterUser {
  type: 'RegisterUser';
  login: string;
  hasPassword: boolean;
  passwordRepeated: boolean;
  email: string | null;
}
/** `currentPasswordOk`: the edge's verdict on the current password (a new password needs it). */
export interface UpdateProfile {
  type: 'UpdateProfile';
  userId: string;
  name: string;
  changesPassword: boolean;
  newPasswordLength: number;
  currentPasswordOk: boolean;
}
export interface MarkEmailPopupSeen {
  type: 'MarkEmailPopupSeen';
  userId: string;
}
/** ali: admin creates a one-time login link for a user. */
export interface CreateLoginLink {
  type: 'CreateLoginLink';
  userId: string;
}
/**
 * The server at its start (src/identity/first-admin.ts), never a client: the first admin, made only
 * while no user holds the admin role. The new id comes from the context (reserved with the login).
 */
export interface RegisterFirstAdmin {
  type: 'RegisterFirstAdmin';
  login: string;
}
/** The commands of this file, as their rules receive them: identityEntries holds one entry for each. */
export type IdentityCommand = RegisterUser | UpdateProfile | MarkEmailPopupSeen | CreateLoginLink | RegisterFirstAdmin;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const IDENTITY_COMMAND_TEXTS = {
  // from the spec, verbatim
  loginTaken: SHARED_TEXTS.loginTaken,
  loginIsTeamName: SHARED_TEXTS.loginIsTeamName,
  registrationFailed: SHARED_TEXTS.registrationFailed,
  registrationPasswordMismatch: SHARED_TEXTS.registrationPasswordMismatch,
  displayNameTooShort: SHARED_TEXTS.displayNameTooShort,
  displayNameTooLong: SHARED_TEXTS.displayNameTooLong,
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  erasedNameReserved: 'Diesen Namen kann niemand wählen: So heißen gelöschte Konten.',
  currentPasswordWrong: 'Das aktuelle Passwort fehlt oder ist falsch.',
  newAccountsClosed: NEW_ACCOUNTS_CLOSED_TEXT,
  usernameTooLong: USERNAME_TOO_LONG_TEXT,
  adminExists: 'Es gibt schon einen Admin: Der erste Admin wird nur angelegt, solange niemand die Rolle admin hat.',
  userKnown: 'Dieses Konto gibt es schon: Ein Konto wird nur einmal registriert.',
} as const;

/** The roles of the first admin (src/identity/first-admin.ts makes it). */
export const FIRST_ADMIN_ROLES = ['admin', 'moderator', 'tester'] as const;

/** Registration: the login is also the first display name; logins are unique regardless of case. */
/** How erased accounts are named: nobody registers or takes that name. */
const ERASED_KEY = uniqueNameKey(ERASED_NAME);

export function registerUser(state: LiveState, cmd: RegisterUser, ctx: DecisionContext): Verdict {
  const { login, email } = cmd;
  if (newAccountsClosed(state.showSettings)) return reject(IDENTITY_COMMAND_TEXTS.newAccountsClosed, 'forbidden');
  if (login === '' || !cmd.hasPassword) return reject(IDENTITY_COMMAND_TEXTS.registrationFailed);
  if (login.length > MAX_USERNAME_LENGTH) return reject(IDENTITY_COMMAND_TEXTS.usernameTooLong);
  const tooLong = firstTooLong([
    ['login', login],
    ['email', email ?? ''],
  ]);
  if (tooLong) return reject(tooLong);
  if (!cmd.passwordRepeated) return reject(IDENTITY_COMMAND_TEXTS.registrationPasswordMismatch);
  const key = uniqueNameKey(login);
  if (state.userIdByLogin.has(key) || key === ERASED_KEY) return reject(IDENTITY_COMMAND_TEXTS.loginTaken, 'conflict');
  if (state.teamIdByName.has(key)) return reject(IDENTITY_COMMAND_TEXTS.loginIsTeamName, 'precondition');
  const userId = ctx.newId();
  if (state.users.has(userId)) return reject(IDENTITY_COMMAND_TEXTS.userKnown, 'conflict');
  return accept(streams.user(userId), draft('UserRegistered', { userId, login, name: login, email, roles: [] }));
}

/** Whether any user holds the admin role (an erased one holds no role). */
export function anyAdmin(state: LiveState): boolean {
  return state.users.values().some((user) => user.roles.includes('admin'));
}

/**
 * The first admin, once: refused while anyone holds the admin role, never granted to whoever holds a
 * login (the login must be free), and never a second registration of a known user id.
 */
export function registerFirstAdmin(state: LiveState, cmd: RegisterFirstAdmin, ctx: DecisionContext): Verdict {
  if (anyAdmin(state)) return reject(IDENTITY_COMMAND_TEXTS.adminExists, 'conflict');
  const key = uniqueNameKey(cmd.login);
  if (cmd.login === '' || state.userIdByLogin.has(key) || key === ERASED_KEY)
    return reject(IDENTITY_COMMAND_TEXTS.loginTaken, 'conflict');
  const userId = ctx.newId();
  if (state.users.has(userId)) return reject(IDENTITY_COMMAND_TEXTS.userKnown, 'conflict');
  return accept(
    streams.user(userId),
    draft('UserRegistered', { userId, login: cmd.login, name: cmd.login, email: null, roles: [...FIRST_ADMIN_ROLES] }),
  );
}

/**
 * PATCH /api/users/:id for one's own account: the name, a new password. A new password needs the
 * current one (the edge's verdict, currentPasswordOk). The table's parser checked the display name
 * (3 to 50 characters) and the new password's repeat.
 */
export function updateProfile(state: LiveState, cmd: UpdateProfile, ctx: DecisionContext): Verdict {
  const actor = requireUser(state, ctx);
  if (isRejection(actor)) return actor;
  if (actor.id !== cmd.userId) return reject(texts.forbidden, 'forbidden');
  if (cmd.changesPassword && !cmd.currentPasswordOk)
    return reject(IDENTITY_COMMAND_TEXTS.currentPasswordWrong, 'forbidden');
  const { name } = cmd;
  if (uniqueNameKey(name) === ERASED_KEY) return reject(IDENTITY_COMMAND_TEXTS.erasedNameReserved);
  if (cmd.changesPassword && operatorPasswordTooShort(actor.roles, cmd.newPasswordLength))
    return reject(texts.operatorPasswordTooShort);
  const drafts: Draft<QuizShowEvent>[] = [];
  if (name !== actor.name) drafts.push(draft('UserProfileUpdated', { userId: actor.id, name }));
  if (cmd.changesPassword) drafts.push(draft('UserPasswordChanged', { userId: actor.id }));
  return accept(streams.user(actor.id), ...drafts);
}

export function markEmailPopupSeen(state: LiveState, cmd: MarkEmailPopupSeen, ctx: DecisionContext): Verdict {
  const actor = requireUser(state, ctx);
  if (isRejection(actor)) return actor;
  if (actor.id !== cmd.userId) return reject(texts.forbidden, 'forbidden');
  if (actor.shownEmailPopupAt !== null) return accept(streams.user(actor.id)); // seen once is seen
  return accept(streams.user(actor.id), draft('EmailPopupSeen', { userId: actor.id, seenAt: ctx.now }));
}

/** ali: the token secret is made by the server and stored under the link id. */
export function createLoginLink(state: LiveState, { userId }: CreateLoginLink, ctx: DecisionContext): Verdict {
  if (!state.users.has(userId)) return reject(texts.notFound(userId), 'not_found');
  return accept(streams.user(userId), draft('LoginLinkCreated', { linkId: ctx.newId(), userId }));
}

const PROFILE_PROBLEM_TEXTS: Record<ProfileProblem, string> = {
  nameTooShort: IDENTITY_COMMAND_TEXTS.displayNameTooShort,
  nameTooLong: IDENTITY_COMMAND_TEXTS.displayNameTooLong,
  passwordMismatch: texts.profilePasswordMismatch,
};

export const identityEntries = {
  RegisterUser: {
    access: 'anyone',
    parse: (c) => ({
      type: 'RegisterUser',
      login: trimmed(c.login),
      hasPassword: textOf(c.password) !== '',
      passwordRepeated: c.passwordRepeat === undefined || c.passwordRepeat === c.password,
      email: trimmed(c.email) || null,
    }),
    boundary: () => [SHOW, USERS, TEAMS],
    rule: registerUser,
  },
  UpdateProfile: {
    access: 'user',
    parse: (c) => {
      const problem = profileProblemOf(textOf(c.name), textOf(c.newPassword), textOf(c.newPasswordRepeat));
      if (problem) return reject(PROFILE_PROBLEM_TEXTS[problem]);
      const newPassword = textOf(c.newPassword);
      return {
        type: 'UpdateProfile',
        userId: textOf(c.userId),
        name: trimmed(c.name),
        changesPassword: newPassword !== '',
        newPasswordLength: [...newPassword].length,
        currentPasswordOk: c.currentPasswordOk === true,
      };
    },
    boundary: (_c, _s, actorId) => [SHOW, ...own(actorId)],
    rule: updateProfile,
  },
  MarkEmailPopupSeen: {
    access: 'user',
    parse: (c) => ({ type: 'MarkEmailPopupSeen', userId: textOf(c.userId) }),
    boundary: (_c, _s, actorId) => [SHOW, ...own(actorId)],
    rule: markEmailPopupSeen,
  },
  CreateLoginLink: {
    wire: 'ali',
    content: { id: 'string' },
    access: ADMIN,
    parse: (c) => ({ type: 'CreateLoginLink', userId: textOf(c.id) }),
    boundary: (cmd) => [SHOW, streams.user(cmd.userId)],
    rule: createLoginLink,
  },
  // The server's start only (src/identity/first-admin.ts): no wire, no HTTP route submits it.
  RegisterFirstAdmin: {
    access: ADMIN,
    parse: (c) => ({ type: 'RegisterFirstAdmin', login: trimmed(c.login) }),
    boundary: () => [SHOW, USERS],
    rule: registerFirstAdmin,
  },
} satisfies Entries<IdentityCommand>;
