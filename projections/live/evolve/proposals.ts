import type { ProposalEvent } from '../../../events';
import {
  freshPlay, LOBBY_CHAT_LIMIT, nextWithPlays, teamPlayOf, type LiveState, type Star, type TeamPlay,
} from '../state';

/** The team's play in the live question (a fresh one when it is stale or missing). */
function livePlay(state: LiveState, teamId: string): TeamPlay {
  const play = state.plays.get(teamId);
  return play !== undefined && play.seq === state.questionSeq ? play : freshPlay(state.questionSeq);
}

/** The hot path: one team's play changes, every other team's is shared with the previous state. */
function withPlay(state: LiveState, teamId: string, play: TeamPlay): LiveState {
  return nextWithPlays(state, state.plays.set(teamId, play));
}

function withStar(stars: readonly Star[], userId: string, key: number | null): Star[] {
  const out = stars.filter((s) => s.userId !== userId);
  if (key !== null) out.push({ userId, key });
  return out;
}

export function evolveProposals(state: LiveState, event: ProposalEvent): LiveState | Partial<LiveState> {
  switch (event.type) {
    case 'ProposalAdded': {
      const { teamId, key, userId, message, chat } = event.data;
      const p = livePlay(state, teamId);
      return withPlay(state, teamId, teamPlayOf(p.seq, [...p.proposals, { key, userId, message, chat }], key + 1, p.favorite, p.quizzled, p.stars));
    }
    case 'ProposalDeleted': {
      const { teamId, key } = event.data;
      const p = livePlay(state, teamId);
      return withPlay(state, teamId, teamPlayOf(
        p.seq,
        p.proposals.filter((x) => x.key !== key),
        p.nextKey,
        p.favorite === key ? null : p.favorite,
        p.quizzled === key ? null : p.quizzled,
        p.stars.filter((s) => s.key !== key),
      ));
    }
    case 'FavoriteChosen': {
      const { teamId, key } = event.data;
      const p = livePlay(state, teamId);
      return withPlay(state, teamId, teamPlayOf(p.seq, p.proposals, p.nextKey, key, p.quizzled, p.stars));
    }
    case 'StarToggled': {
      const { teamId, userId, key } = event.data;
      const p = livePlay(state, teamId);
      return withPlay(state, teamId, teamPlayOf(p.seq, p.proposals, p.nextKey, p.favorite, p.quizzled, withStar(p.stars, userId, key)));
    }
    case 'QuizzleOffered': {
      const { teamId, key, answer } = event.data;
      const p = livePlay(state, teamId);
      const plays = state.plays.set(teamId, teamPlayOf(p.seq, p.proposals, p.nextKey, p.favorite, key, p.stars));
      const night = state.night ? { ...state.night, quizzle: 'offered' as const, quizzleAnswer: { teamId, key, answer } } : null;
      return { plays, night };
    }
    case 'SingleAnswerSubmitted': {
      const { userId, message } = event.data;
      return { users: state.users.update(userId, (u) => ({ ...u, singleAnswer: { seq: state.questionSeq, message } })) };
    }
    case 'LobbyChatMessagePosted': {
      const { userId, name, message, highlight } = event.data;
      const kept = state.show.lobbyChat.length >= LOBBY_CHAT_LIMIT ? state.show.lobbyChat.slice(1) : state.show.lobbyChat;
      return { show: { ...state.show, lobbyChat: [...kept, { userId, user: name, message, highlight }] } };
    }
  }
}
