import type { ProposalEvent } from '../../../events';
import type { Owner } from '../persistent-map';
import { playOfTeam } from '../queries';
import {
  LOBBY_CHAT_LIMIT, MADE_BY, nextWithPlays, teamPlayOf, type LiveState, type ProposalLive, type Star, type TeamPlay,
} from '../state';

type PlayDraft = { -readonly [K in keyof TeamPlay]: TeamPlay[K] } & { proposals: ProposalLive[]; stars: Star[] };

/**
 * The hot path: `change` edits a draft of one team's play; every other team's play is shared with
 * the previous state. Inside a fold the draft is the fold's own copy once it made one (see fold), so
 * later events of the batch edit it in place; a play a caller holds is never changed.
 */
function changePlay(state: LiveState, teamId: string, owner: Owner | null, change: (play: PlayDraft) => void): LiveState {
  const play = playOfTeam(state, teamId);
  if (owner !== null && play[MADE_BY] === owner) {
    change(play as PlayDraft);
    return nextWithPlays(state, state.plays, owner);
  }
  const draft = teamPlayOf(play.seq, play.proposals.slice(), play.nextKey, play.favorite, play.quizzled, play.stars.slice(), owner) as PlayDraft;
  change(draft);
  return nextWithPlays(state, state.plays.set(teamId, draft, owner), owner);
}

/** One star per member: the member's star moves to `key`, or is taken back with null. */
function setStar(stars: Star[], userId: string, key: number | null): void {
  const i = stars.findIndex((s) => s.userId === userId);
  if (i >= 0) stars.splice(i, 1);
  if (key !== null) stars.push({ userId, key });
}

export function evolveProposals(state: LiveState, event: ProposalEvent, owner: Owner | null): LiveState | Partial<LiveState> {
  switch (event.type) {
    case 'ProposalAdded': {
      const { teamId, key, userId, message, chat } = event.data;
      return changePlay(state, teamId, owner, (p) => {
        p.proposals.push({ key, userId, message, chat });
        p.nextKey = key + 1;
      });
    }
    case 'ProposalDeleted': {
      const { teamId, key } = event.data;
      return changePlay(state, teamId, owner, (p) => {
        p.proposals = p.proposals.filter((x) => x.key !== key);
        p.stars = p.stars.filter((s) => s.key !== key);
        if (p.favorite === key) p.favorite = null;
        if (p.quizzled === key) p.quizzled = null;
      });
    }
    case 'FavoriteChosen': {
      const { teamId, key } = event.data;
      return changePlay(state, teamId, owner, (p) => { p.favorite = key; });
    }
    case 'StarToggled': {
      const { teamId, userId, key } = event.data;
      return changePlay(state, teamId, owner, (p) => setStar(p.stars, userId, key));
    }
    case 'QuizzleOffered': {
      const { teamId, key, answer } = event.data;
      const p = playOfTeam(state, teamId);
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
