import type { IdentityEvent } from '../../../../events';
import { uniqueNameKey } from '../../rules/common';
import type { LiveState, UserLive } from '../state';
import type { Changes, Writer } from './writer';

export function evolveIdentity(state: LiveState, event: IdentityEvent, write: Writer): Changes {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      const user: UserLive = {
        id: d.userId, login: d.login, name: d.name, email: d.email, roles: d.roles, teamId: null,
        shownEmailPopupAt: null, points: 0, singleAnswer: null, drawing: null, mutedUntil: null, tokenGeneration: 0, blocked: false,
      };
      return { users: write.set(state.users, d.userId, user), userIdByLogin: write.set(state.userIdByLogin, uniqueNameKey(d.login), d.userId) };
    }
    case 'UserProfileUpdated':
      return { users: write.update(state.users, event.data.userId, (u) => ({ ...u, name: event.data.name })) };
    case 'UserPasswordChanged':
    case 'UserTokensRevoked':
      return { users: write.update(state.users, event.data.userId, nextTokenGeneration) };
    case 'EmailPopupSeen':
      return { users: write.update(state.users, event.data.userId, (u) => ({ ...u, shownEmailPopupAt: event.data.seenAt })) };
    case 'LoginLinkCreated':
      return { loginLinks: write.set(state.loginLinks, event.data.linkId, event.data.userId) };
    case 'UserRolesChanged':
      return { users: write.update(state.users, event.data.userId, (u) => ({ ...u, roles: event.data.roles })) };
    case 'UserBlocked': {
      const { blocked } = event.data;
      return { users: write.update(state.users, event.data.userId, (u) => ({ ...(blocked ? nextTokenGeneration(u) : u), blocked })) };
    }
  }
}

function nextTokenGeneration(user: UserLive): UserLive {
  return { ...user, tokenGeneration: user.tokenGeneration + 1 };
}
