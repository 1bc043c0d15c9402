import type { ContentModerationEvent } from '../../../events';
import { uniqueNameKey } from '../rules/names';
import { HIDDEN_LOBBY_CHAT_LIMIT, LOBBY_CHAT_LIMIT, type LiveState, type LobbyEntry } from '../state/state';
import type { Changes, Writer } from './writer';

/** Moderators' hands on content (PROTOCOL.md wave 5): renamed teams and users, cleared logos, hidden pictures, restored lobby lines. */
export function evolveContentModeration(state: LiveState, event: ContentModerationEvent, write: Writer): Changes {
  switch (event.type) {
    case 'LobbyChatMessageRestored': {
      const { messageId } = event.data;
      const restored = state.show.hiddenLobbyChat.find((entry) => entry.id === messageId);
      if (!restored) return {};
      return {
        show: {
          ...state.show,
          lobbyChat: restoredInPlace(state.show.lobbyChat, restored),
          hiddenLobbyChat: state.show.hiddenLobbyChat.filter((entry) => entry !== restored),
        },
      };
    }
    case 'TeamRenamed': {
      const { teamId, name } = event.data;
      const team = state.teams.get(teamId);
      if (!team) return {};
      const lowerName = uniqueNameKey(name);
      const byName =
        state.teamIdByName.get(team.lowerName) === teamId
          ? write.delete(state.teamIdByName, team.lowerName)
          : state.teamIdByName;
      return {
        teams: write.set(state.teams, teamId, {
          ...team,
          name,
          lowerName,
          moderated: { id: event.metadata.eventId, kind: 'renamed' },
        }),
        teamIdByName: write.set(byName, lowerName, teamId),
      };
    }
    case 'TeamLogoCleared':
      return {
        teams: write.update(state.teams, event.data.teamId, (t) => ({
          ...t,
          url: '',
          moderated: { id: event.metadata.eventId, kind: 'logoCleared' },
        })),
      };
    case 'UserRenamed': {
      const { userId, name } = event.data;
      return {
        users: write.update(state.users, userId, (u) => ({
          ...u,
          name,
          moderated: { id: event.metadata.eventId, kind: 'renamed' },
        })),
      };
    }
    case 'PictureHidden': {
      const { fileName, hidden } = event.data;
      if (hidden === state.hiddenPictures.has(fileName)) return {};
      return {
        hiddenPictures: hidden
          ? write.set(state.hiddenPictures, fileName, true)
          : write.delete(state.hiddenPictures, fileName),
      };
    }
  }
}

/** A lobby entry hidden by mlh: out of the chat, into the recently hidden (the oldest of those goes beyond their limit). */
export function hiddenFromLobby(state: LiveState, hidden: LobbyEntry): Changes {
  const kept =
    state.show.hiddenLobbyChat.length >= HIDDEN_LOBBY_CHAT_LIMIT
      ? state.show.hiddenLobbyChat.slice(1)
      : state.show.hiddenLobbyChat;
  return {
    show: {
      ...state.show,
      lobbyChat: state.show.lobbyChat.filter((entry) => entry !== hidden),
      hiddenLobbyChat: [...kept, hidden],
    },
  };
}

/** A restored entry goes back where it was among the entries kept (by the time it was posted); beyond the limit the oldest goes. */
function restoredInPlace(chat: readonly LobbyEntry[], restored: LobbyEntry): LobbyEntry[] {
  const at = chat.findIndex((entry) => entry.postedAt > restored.postedAt);
  const next = at === -1 ? [...chat, restored] : [...chat.slice(0, at), restored, ...chat.slice(at)];
  return next.length > LOBBY_CHAT_LIMIT ? next.slice(next.length - LOBBY_CHAT_LIMIT) : next;
}
