/** Proposals, team chat, favourites, stars, quizzle offers, single-player answers, lobby chat. */
import { streams, type Question } from '../../events';
import {
  MAX_TEAM_ENTRIES_PER_QUESTION,
  MESSAGE_MAX_LENGTH,
  abcdLetters,
  currentSingleAnswer,
  playableInSingleMode,
  shipAnswerProblemText,
  starOf,
  takesPartInFinale,
  takesProposals,
  teamPlay,
  type LiveState,
  type ProposalLive,
  type TeamPlay,
} from '../../projections/live';
import { accept, draft, isRejection, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { NIGHTS, SHOW, keyOf, memberInNight, own, trimmed, type Entries } from './entry';
import { hasRole, requireTeamMember, requireUser, type Membership } from './guards';
import { lobbyForEveryoneRejection, lobbySlowModeRejection, mutedRejection } from './moderation';
import { questionInPlay, type QuestionInPlay } from './night';
import { texts } from './texts';
import { FINALE_OUT_OF_POINTS_TEXT } from '../../projections/live/rules/play-rules';

// `key`: the proposal's number in its team (null: not a number).
export interface AddProposal {
  type: 'AddProposal';
  message: string;
}
export interface AddTeamChat {
  type: 'AddTeamChat';
  message: string;
}
export interface DeleteProposal {
  type: 'DeleteProposal';
  key: number | null;
}
export interface ChooseFavourite {
  type: 'ChooseFavourite';
  key: number | null;
}
export interface ToggleStar {
  type: 'ToggleStar';
  key: number | null;
}
export interface OfferQuizzle {
  type: 'OfferQuizzle';
  key: number | null;
}
export interface SubmitSingleAnswer {
  type: 'SubmitSingleAnswer';
  message: string;
}
export interface PostLobbyChat {
  type: 'PostLobbyChat';
  message: string;
}
/** The commands of this file, as their rules receive them: proposalEntries holds one entry for each. */
export type ProposalCommand =
  | AddProposal
  | AddTeamChat
  | DeleteProposal
  | ChooseFavourite
  | ToggleStar
  | OfferQuizzle
  | SubmitSingleAnswer
  | PostLobbyChat;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const PROPOSAL_COMMAND_TEXTS = {
  // from the spec, verbatim
  finaleOutOfPoints: FINALE_OUT_OF_POINTS_TEXT,
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  proposalNotFound: 'Diesen Vorschlag gibt es nicht.',
  chatIsNoAnswer: 'Eine Chatnachricht kann keine Antwort sein.',
  wrongLetter: (letters: string) => `Bitte einen der Buchstaben ${letters} wählen.`,
  quizzleAlreadyOffered: 'Es wartet bereits ein Quizzle-Vorschlag auf die Entscheidung.',
  teamModeOnly: 'Gerade läuft der Einzelspielermodus.',
  singleModeOnly: 'Gerade läuft der Teammodus.',
  notInSingleMode: 'Dieser Fragetyp ist im Einzelspielermodus nicht verfügbar.',
  noProposalsForThisType: 'Bei dieser Frage gibt es keine Vorschläge.',
  messageTooLong: `Die Nachricht ist zu lang (höchstens ${MESSAGE_MAX_LENGTH} Zeichen).`,
  tooManyTeamEntries: `Euer Team hat zu dieser Frage schon ${MAX_TEAM_ENTRIES_PER_QUESTION} Vorschläge und Chatnachrichten geschrieben. Weitere gehen erst bei der nächsten Frage.`,
} as const;

/** Where a team's proposals and chat go: the night's stream, or the team's before any night. */
function teamChatStream(state: LiveState, teamId: string): string {
  return state.night ? streams.night(state.night.id) : streams.team(teamId);
}

/** A message of a proposal or chat entry: not empty, not too long. */
function messageProblem(message: string): string | null {
  if (message === '') return texts.answerEmpty;
  if (message.length > MESSAGE_MAX_LENGTH) return PROPOSAL_COMMAND_TEXTS.messageTooLong;
  return null;
}

/** The team's entries of this play (deleted ones included: keys are never reused) must stay below the cap. */
function teamEntriesFull(play: TeamPlay): Rejection | null {
  return play.nextKey - 1 >= MAX_TEAM_ENTRIES_PER_QUESTION
    ? reject(PROPOSAL_COMMAND_TEXTS.tooManyTeamEntries, 'precondition')
    : null;
}

/** The answer rules of the open question's type (empty, too long, ABCD letters, ship format). */
function answerProblem(question: Question, message: string): string | null {
  const problem = messageProblem(message);
  if (problem) return problem;
  if (question.type === 'abcd') {
    const letters = abcdLetters(question);
    return letters.includes(message.toUpperCase()) ? null : PROPOSAL_COMMAND_TEXTS.wrongLetter(letters.join(', '));
  }
  if (question.type === 'schiffe') return shipAnswerProblemText(message);
  return null;
}

/** A member of a team while a question is open in team mode. */
function answeringTeam(state: LiveState, ctx: DecisionContext): (Membership & QuestionInPlay) | Rejection {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  const open = questionInPlay(state);
  if (!open) return reject(texts.noQuestionOpen, 'precondition');
  if (open.night.mode !== 'team') return reject(PROPOSAL_COMMAND_TEXTS.teamModeOnly, 'precondition');
  return { ...member, ...open };
}

function existingProposal(play: TeamPlay, key: number | null): ProposalLive | Rejection {
  return play.proposals.find((p) => p.key === key) ?? reject(PROPOSAL_COMMAND_TEXTS.proposalNotFound, 'not_found');
}

/** gp: a proposal for the open question, in the format of its type. */
export function addProposal(state: LiveState, cmd: AddProposal, ctx: DecisionContext): Verdict {
  const member = answeringTeam(state, ctx);
  if (isRejection(member)) return member;
  const { night, question } = member;
  if (!takesProposals(question.type)) return reject(PROPOSAL_COMMAND_TEXTS.noProposalsForThisType, 'precondition');
  const problem = answerProblem(question, cmd.message);
  if (problem) return reject(problem);
  const message = question.type === 'abcd' ? cmd.message.toUpperCase() : cmd.message;
  const play = teamPlay(state, member.team);
  const full = teamEntriesFull(play);
  if (full) return full;
  return accept(
    streams.night(night.id),
    draft('ProposalAdded', {
      teamId: member.team.id,
      key: play.nextKey,
      userId: member.user.id,
      message,
      chat: false,
    }),
  );
}

/** gc: team chat is a proposal with chat true; allowed at any time. */
export function addTeamChat(state: LiveState, cmd: AddTeamChat, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  const problem = messageProblem(cmd.message);
  if (problem) return reject(problem);
  const muted = mutedRejection(member.user, ctx);
  if (muted) return muted;
  const play = teamPlay(state, member.team);
  const full = teamEntriesFull(play);
  if (full) return full;
  return accept(
    teamChatStream(state, member.team.id),
    draft('ProposalAdded', {
      teamId: member.team.id,
      key: play.nextKey,
      userId: member.user.id,
      message: cmd.message,
      chat: true,
    }),
  );
}

/** gd: any member may delete any proposal of the own team. */
export function deleteProposal(state: LiveState, cmd: DeleteProposal, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  const proposal = existingProposal(teamPlay(state, member.team), cmd.key);
  if (isRejection(proposal)) return proposal;
  return accept(
    teamChatStream(state, member.team.id),
    draft('ProposalDeleted', {
      teamId: member.team.id,
      key: proposal.key,
      userId: member.user.id,
    }),
  );
}

/** gf: the favourite is what gets locked in; chat entries cannot be favourites. */
export function chooseFavourite(state: LiveState, cmd: ChooseFavourite, ctx: DecisionContext): Verdict {
  const member = answeringTeam(state, ctx);
  if (isRejection(member)) return member;
  const proposal = existingProposal(teamPlay(state, member.team), cmd.key);
  if (isRejection(proposal)) return proposal;
  if (proposal.chat) return reject(PROPOSAL_COMMAND_TEXTS.chatIsNoAnswer);
  return accept(
    streams.night(member.night.id),
    draft('FavoriteChosen', { teamId: member.team.id, key: proposal.key, userId: member.user.id }),
  );
}

/** gs: one star per member; starring another proposal moves it, starring the same one again takes it back. */
export function toggleStar(state: LiveState, cmd: ToggleStar, ctx: DecisionContext): Verdict {
  const member = answeringTeam(state, ctx);
  if (isRejection(member)) return member;
  const play = teamPlay(state, member.team);
  const proposal = existingProposal(play, cmd.key);
  if (isRejection(proposal)) return proposal;
  if (proposal.chat) return reject(PROPOSAL_COMMAND_TEXTS.chatIsNoAnswer);
  const key = starOf(play, member.user.id) === proposal.key ? null : proposal.key;
  return accept(
    streams.night(member.night.id),
    draft('StarToggled', { teamId: member.team.id, userId: member.user.id, key }),
  );
}

/** go: a team offers a proposal to the moderator, one offer at a time, never after acceptance. */
export function offerQuizzle(state: LiveState, cmd: OfferQuizzle, ctx: DecisionContext): Verdict {
  const member = answeringTeam(state, ctx);
  if (isRejection(member)) return member;
  const { night, question } = member;
  if (question.type !== 'quizzle') return reject(texts.notAQuizzle, 'precondition');
  if (night.quizzle === 'accepted') return reject(texts.quizzleAlreadyAccepted, 'precondition');
  if (night.quizzle === 'offered') return reject(PROPOSAL_COMMAND_TEXTS.quizzleAlreadyOffered, 'conflict');
  const proposal = existingProposal(teamPlay(state, member.team), cmd.key);
  if (isRejection(proposal)) return proposal;
  if (proposal.chat) return reject(PROPOSAL_COMMAND_TEXTS.chatIsNoAnswer);
  return accept(
    streams.night(night.id),
    draft('QuizzleOffered', {
      teamId: member.team.id,
      key: proposal.key,
      userId: member.user.id,
      answer: proposal.message,
    }),
  );
}

/** sp: single-player mode; in the finale only players with points above 0 take part. */
export function submitSingleAnswer(state: LiveState, cmd: SubmitSingleAnswer, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const open = questionInPlay(state);
  if (!open) return reject(texts.noQuestionOpen, 'precondition');
  const { night, question } = open;
  const type = question.type;
  if (night.mode !== 'single') return reject(PROPOSAL_COMMAND_TEXTS.singleModeOnly, 'precondition');
  if (!playableInSingleMode(type)) return reject(PROPOSAL_COMMAND_TEXTS.notInSingleMode, 'precondition');
  if (!takesProposals(type)) return reject(PROPOSAL_COMMAND_TEXTS.noProposalsForThisType, 'precondition');
  if (type === 'finale' && !takesPartInFinale(user.points))
    return reject(PROPOSAL_COMMAND_TEXTS.finaleOutOfPoints, 'precondition');
  const problem = answerProblem(question, cmd.message);
  if (problem) return reject(problem);
  const message = type === 'abcd' ? cmd.message.toUpperCase() : cmd.message;
  if (currentSingleAnswer(state, user) === message) return accept(streams.night(night.id));
  return accept(streams.night(night.id), draft('SingleAnswerSubmitted', { userId: user.id, message }));
}

/** ulc: the lobby chat; moderators' entries are highlighted. */
export function postLobbyChat(state: LiveState, cmd: PostLobbyChat, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const problem = messageProblem(cmd.message);
  if (problem) return reject(problem);
  const refused =
    mutedRejection(user, ctx) ?? lobbyForEveryoneRejection(state, ctx) ?? lobbySlowModeRejection(state, user.id, ctx);
  if (refused) return refused;
  return accept(
    streams.show,
    draft('LobbyChatMessagePosted', {
      userId: user.id,
      message: cmd.message,
      highlight: hasRole(ctx, 'moderator'),
    }),
  );
}

const MESSAGE = { message: 'string' } as const;
const KEY = { number: 'integer' } as const;

export const proposalEntries = {
  AddProposal: {
    wire: 'gp',
    content: MESSAGE,
    access: 'user',
    parse: (c) => ({ type: 'AddProposal', message: trimmed(c.message) }),
    boundary: memberInNight,
    rule: addProposal,
  },
  AddTeamChat: {
    wire: 'gc',
    content: MESSAGE,
    access: 'user',
    parse: (c) => ({ type: 'AddTeamChat', message: trimmed(c.message) }),
    boundary: memberInNight,
    rule: addTeamChat,
  },
  DeleteProposal: {
    wire: 'gd',
    content: KEY,
    access: 'user',
    parse: (c) => ({ type: 'DeleteProposal', key: keyOf(c) }),
    boundary: memberInNight,
    rule: deleteProposal,
  },
  ChooseFavourite: {
    wire: 'gf',
    content: KEY,
    access: 'user',
    parse: (c) => ({ type: 'ChooseFavourite', key: keyOf(c) }),
    boundary: memberInNight,
    rule: chooseFavourite,
  },
  ToggleStar: {
    wire: 'gs',
    content: KEY,
    access: 'user',
    parse: (c) => ({ type: 'ToggleStar', key: keyOf(c) }),
    boundary: memberInNight,
    rule: toggleStar,
  },
  OfferQuizzle: {
    wire: 'go',
    content: KEY,
    access: 'user',
    parse: (c) => ({ type: 'OfferQuizzle', key: keyOf(c) }),
    boundary: memberInNight,
    rule: offerQuizzle,
  },
  SubmitSingleAnswer: {
    wire: 'sp',
    content: MESSAGE,
    access: 'user',
    parse: (c) => ({ type: 'SubmitSingleAnswer', message: trimmed(c.message) }),
    boundary: (_c, _s, actorId) => [SHOW, ...own(actorId), NIGHTS],
    rule: submitSingleAnswer,
  },
  PostLobbyChat: {
    wire: 'ulc',
    content: MESSAGE,
    access: 'user',
    parse: (c) => ({ type: 'PostLobbyChat', message: trimmed(c.message) }),
    boundary: (_c, _s, actorId) => [SHOW, ...own(actorId)],
    rule: postLobbyChat,
  },
} satisfies Entries<ProposalCommand>;
