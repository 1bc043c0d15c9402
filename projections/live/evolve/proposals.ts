import { ERASED_NAME } from '../../../events/personal-data';
import type { ProposalEvent } from '../../../events';
import { playOfTeam } from '../state/queries';
import {
  LOBBY_CHAT_LIMIT,
  proposalRecord,
  starRecord,
  teamPlayOf,
  type LiveState,
  type ProposalLive,
  type Star,
  type TeamPlay,
} from '../state/state';
import { NO_CHANGES, type Changes, type Writable, type Writer } from './writer';

type EditablePlay = Writable<TeamPlay> & { proposals: ProposalLive[]; stars: Star[] };
type PlayEvent = Extract<
  ProposalEvent,
  { type: 'ProposalAdded' | 'ProposalDeleted' | 'FavoriteChosen' | 'StarToggled' | 'QuizzleOffered' }
>;

/** A copy of a play whose lists may be edited. */
function playCopy(p: TeamPlay): TeamPlay {
  return teamPlayOf(p.seq, p.proposals.slice(), p.nextKey, p.favourite, p.quizzled, p.stars.slice());
}

/** One star per member: the member's star moves to `key` (last in the list), or is taken back with null. */
function setStar(stars: Star[], userId: string, key: number | null): void {
  let i = 0;
  while (i < stars.length && stars[i].userId !== userId) i++;
  if (i < stars.length) {
    for (; i < stars.length - 1; i++) stars[i] = stars[i + 1];
    stars.pop();
  }
  if (key !== null) stars.push(starRecord(userId, key));
}

/** What an event does to its team's play. */
function changePlay(p: EditablePlay, event: PlayEvent): void {
  switch (event.type) {
    case 'ProposalAdded': {
      const { key, userId, message, chat } = event.data;
      p.proposals.push(proposalRecord(key, userId, message, chat));
      p.nextKey = key + 1;
      return;
    }
    case 'ProposalDeleted': {
      const { key } = event.data;
      p.proposals = p.proposals.filter((x) => x.key !== key);
      p.stars = p.stars.filter((s) => s.key !== key);
      if (p.favourite === key) p.favourite = null;
      if (p.quizzled === key) p.quizzled = null;
      return;
    }
    case 'FavoriteChosen':
      p.favourite = event.data.key;
      return;
    case 'StarToggled':
      setStar(p.stars, event.data.userId, event.data.key);
      return;
    case 'QuizzleOffered':
      p.quizzled = event.data.key;
      return;
  }
}

/** The hot path: one team's play changes; every other team's play stays shared. */
function playChanges(state: LiveState, event: PlayEvent, write: Writer): Changes {
  const teamId = event.data.teamId;
  const plays = write.edit(state.plays, teamId, playOfTeam(state, teamId), playCopy, changePlay, event);
  return plays === state.plays ? NO_CHANGES : { plays };
}

export function evolveProposals(state: LiveState, event: ProposalEvent, write: Writer): Changes {
  switch (event.type) {
    case 'ProposalAdded':
    case 'ProposalDeleted':
    case 'FavoriteChosen':
    case 'StarToggled':
      return playChanges(state, event, write);
    case 'QuizzleOffered': {
      const { teamId, key, answer } = event.data;
      const night = state.night
        ? { ...state.night, quizzle: 'offered' as const, quizzleAnswer: { teamId, key, answer }, quizzleRejected: null }
        : null;
      return { ...playChanges(state, event, write), night };
    }
    case 'SingleAnswerSubmitted': {
      const { userId, message } = event.data;
      return {
        users: write.update(state.users, userId, (u) => ({ ...u, singleAnswer: { seq: state.questionSeq, message } })),
      };
    }
    case 'LobbyChatMessagePosted': {
      const { userId, message, highlight } = event.data;
      const name = state.users.get(userId)?.name ?? ERASED_NAME;
      const kept =
        state.show.lobbyChat.length >= LOBBY_CHAT_LIMIT ? state.show.lobbyChat.slice(1) : state.show.lobbyChat;
      const entry = {
        id: event.metadata.eventId,
        postedAt: event.metadata.recordedAt,
        userId,
        user: name,
        message,
        highlight,
      };
      return { show: { ...state.show, lobbyChat: [...kept, entry] } };
    }
  }
}
