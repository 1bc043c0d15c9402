import type { IdentityEvent } from '../../../events';
import { uniqueNameKey } from '../rules';
import type { LiveState, UserLive } from '../state';

export function evolveIdentity(state: LiveState, event: IdentityEvent): Partial<LiveState> {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      const user: UserLive = {
        id: d.userId, login: d.login, name: d.name, email: d.email, roles: d.roles, teamId: null,
        shownEmailPopupAt: null, points: 0, singleAnswer: null,
      };
      return { users: state.users.set(d.userId, user), userIdByLogin: state.userIdByLogin.set(uniqueNameKey(d.login), d.userId) };
    }
    case 'UserProfileUpdated':
      return { users: state.users.update(event.data.userId, (u) => ({ ...u, name: event.data.name })) };
    case 'UserPasswordChanged':
      return {};
    case 'EmailPopupSeen':
      return { users: state.users.update(event.data.userId, (u) => ({ ...u, shownEmailPopupAt: event.data.seenAt })) };
    case 'LoginLinkCreated':
      return { loginLinks: state.loginLinks.set(event.data.linkId, event.data.userId) };
  }
}
