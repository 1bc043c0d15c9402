import { ERASED_NAME } from '../../../events/personal-data';
import type { IdentityEvent } from '../../../events';
import { displayNameOfLogin, uniqueNameKey } from '../rules/names';
import type { LiveState, UserLive } from '../state/state';
import { leaving } from './teams';
import type { Changes, Writer } from './writer';

export function evolveIdentity(state: LiveState, event: IdentityEvent, write: Writer): Changes {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      // A user is registered once: a second registration of a known id (older starts appended one for whoever held the login `admin`) changes nothing.
      if (state.users.has(d.userId)) return {};
      const user: UserLive = {
        id: d.userId,
        login: d.login,
        name: displayNameOfLogin(d.name),
        email: d.email,
        roles: d.roles,
        teamId: null,
        shownEmailPopupAt: null,
        points: 0,
        singleAnswer: null,
        drawing: null,
        mutedUntil: null,
        tokenGeneration: 0,
        blocked: false,
        erased: false,
        moderated: null,
        nightAnswers: null,
      };
      return {
        users: write.set(state.users, d.userId, user),
        userIdByLogin: write.set(state.userIdByLogin, uniqueNameKey(d.login), d.userId),
      };
    }
    case 'UserProfileUpdated':
      return { users: write.update(state.users, event.data.userId, (u) => ({ ...u, name: event.data.name })) };
    case 'UserPasswordChanged': {
      // A new password, however it came, ends the user's reset link (a used link ends this way too).
      const { userId } = event.data;
      const links = state.passwordResetLinks.has(userId)
        ? { passwordResetLinks: write.delete(state.passwordResetLinks, userId) }
        : {};
      return { users: write.update(state.users, userId, nextTokenGeneration), ...links };
    }
    case 'UserTokensRevoked':
      return { users: write.update(state.users, event.data.userId, nextTokenGeneration) };
    case 'PasswordResetLinkCreated':
      return { passwordResetLinks: write.set(state.passwordResetLinks, event.data.userId, event.data.linkId) };
    case 'UserEmailChanged':
      return { users: write.update(state.users, event.data.userId, (u) => ({ ...u, email: event.data.email })) };
    case 'EmailPopupSeen':
      return {
        users: write.update(state.users, event.data.userId, (u) => ({ ...u, shownEmailPopupAt: event.data.seenAt })),
      };
    case 'LoginLinkCreated':
      return { loginLinks: write.set(state.loginLinks, event.data.linkId, event.data.userId) };
    case 'UserRolesChanged':
      // A role change ends the user's older tokens: a token issued before a grant must not carry its lifetime over into the new power.
      return {
        users: write.update(state.users, event.data.userId, (u) => ({
          ...nextTokenGeneration(u),
          roles: event.data.roles,
        })),
      };
    case 'UserBlocked': {
      const { blocked } = event.data;
      return {
        users: write.update(state.users, event.data.userId, (u) => ({
          ...(blocked ? nextTokenGeneration(u) : u),
          blocked,
        })),
      };
    }
    case 'UserErased':
      return erased(state, event.data.userId, write);
  }
}

/**
 * Everything the state knows of the person becomes the placeholder, whether the events before
 * named them (the live fold) or already showed the placeholder (a fold after the erasure): both
 * end in the same state, so a replay stays exact. What they did (proposals, answers) stays under
 * their id; they leave their team as a member who leaves.
 */
function erased(state: LiveState, userId: string, write: Writer): Changes {
  const user = state.users.get(userId);
  if (!user) return {};
  const loginKey = uniqueNameKey(user.login);
  const team = user.teamId ? leaving(state, userId, user.teamId, write) : {};
  const unnamed = (entries: LiveState['show']['lobbyChat']) =>
    entries.some((entry) => entry.userId === userId)
      ? entries.map((entry) => (entry.userId === userId ? { ...entry, user: ERASED_NAME } : entry))
      : entries;
  const lobbyChat = unnamed(state.show.lobbyChat);
  const hiddenLobbyChat = unnamed(state.show.hiddenLobbyChat);
  let loginLinks = state.loginLinks;
  loginLinks.forEach((owner, linkId) => {
    if (owner === userId) loginLinks = write.delete(loginLinks, linkId);
  });
  return {
    ...team,
    users: write.set(state.users, userId, {
      ...nextTokenGeneration(user),
      login: ERASED_NAME,
      name: ERASED_NAME,
      email: null,
      roles: [],
      teamId: null,
      shownEmailPopupAt: null,
      singleAnswer: null,
      drawing: null,
      erased: true,
      moderated: null,
    }),
    userIdByLogin:
      state.userIdByLogin.get(loginKey) === userId ? write.delete(state.userIdByLogin, loginKey) : state.userIdByLogin,
    loginLinks,
    passwordResetLinks: state.passwordResetLinks.has(userId)
      ? write.delete(state.passwordResetLinks, userId)
      : state.passwordResetLinks,
    show:
      lobbyChat === state.show.lobbyChat && hiddenLobbyChat === state.show.hiddenLobbyChat
        ? state.show
        : { ...state.show, lobbyChat, hiddenLobbyChat },
  };
}

function nextTokenGeneration(user: UserLive): UserLive {
  return { ...user, tokenGeneration: user.tokenGeneration + 1 };
}
