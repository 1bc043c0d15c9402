import type { ModerationEvent } from '../../../events';
import type { LiveState } from '../state/state';
import { hiddenFromLobby } from './content-moderation';
import { leaving } from './teams';
import type { Changes, Writer } from './writer';

export function evolveModeration(state: LiveState, event: ModerationEvent, write: Writer): Changes {
  switch (event.type) {
    case 'LobbyChatMessageHidden': {
      const hidden = state.show.lobbyChat.find((entry) => entry.id === event.data.messageId);
      return hidden ? hiddenFromLobby(state, hidden) : {};
    }
    case 'GreetingHidden': {
      const { greetingId } = event.data;
      const recent = state.show.recentGreetings;
      return {
        greetings: write.update(state.greetings, greetingId, () => ({ hidden: true })),
        show: recent.some((g) => g.id === greetingId)
          ? { ...state.show, recentGreetings: recent.filter((g) => g.id !== greetingId) }
          : state.show,
      };
    }
    case 'UserMuted': {
      const { userId, until } = event.data;
      return { users: write.update(state.users, userId, (u) => ({ ...u, mutedUntil: until })) };
    }
    case 'LobbyChatSlowModeSet':
      return { show: { ...state.show, lobbySlowSeconds: event.data.seconds } };
    case 'LobbyChatOpenSet':
      return { show: { ...state.show, lobbyOpen: event.data.open } };
    case 'TeamMemberRemoved': {
      const { teamId, userId } = event.data;
      const user = state.users.get(userId);
      if (!user || user.teamId !== teamId) return {};
      const left = leaving(state, userId, teamId, write);
      return {
        ...left,
        teams: write.update(left.teams, teamId, (t) =>
          t.barredIds.includes(userId) ? t : { ...t, barredIds: [...t.barredIds, userId] },
        ),
        users: write.set(state.users, userId, { ...user, teamId: null }),
      };
    }
  }
}
