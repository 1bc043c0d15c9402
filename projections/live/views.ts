/**
 * What each viewer may see. Views are computed per scope (one global view for everyone, one per
 * team, one per user, one for moderators, one for testers), never per socket.
 * Privacy: a player's views never hold another team's proposals or chat, the moderator view, or
 * the answer of an open question.
 */
import type { PlayMode, PointsTable, Question, Role, Stroke, UberMode } from '../../events';
import {
  currentSingleAnswer, globalStateCode, healDealStatus, isQuestionOpen, starCounts, starOf, teamPlay, type HealDealStatus,
} from './queries';
import { NO_PROPOSALS_MESSAGE, questionValue } from './rules';
import type { AnswerLive, GlobalStateCode, HealDealSettings, LiveState, QuizzleStatus, TeamLive } from './state';

export interface Viewer {
  readonly userId: string | null;
  readonly roles: readonly Role[];
}

export interface QuestionView {
  type: Question['type'];
  category: string;
  question: string;
  options: string[];
  points: number;
  round: number;
  number: number;
  extraInfo: Record<string, unknown>;
  /** Only once the question has ended. */
  answer?: string;
}

export interface GlobalView {
  state: GlobalStateCode;
  countdownEndsAt: number | null;
  /** Seconds of the running countdown as started; clients count down to countdownEndsAt. */
  timeLeft: number | null;
  uberModus: UberMode;
  uberMessage: string;
  overviewMessage: string;
  question: QuestionView | null;
  lagQType: Question['type'] | null;
  quizzle: QuizzleStatus;
  lobbyChat: { user: string; message: string; highlight: boolean }[];
  allowNewRegistrations: boolean;
  featureFlags: string;
  recheckAt: number;
  points: PointsTable;
  heal_deals: Record<string, HealDealStatus>;
  imgPrefix: string;
  mode: PlayMode;
  painting: Stroke[];
}

export interface ProposalView {
  user: string;
  userId: string;
  message: string;
  chat: boolean;
  stars: number;
}

export interface TeamView {
  id: string;
  name: string;
  beschreibung: string;
  stadt: string;
  url: string;
  favorite: number | null;
  quizzled: number | null;
  proposals: Record<string, ProposalView>;
  /** `online` is laid over by the server from live connections; presence is not part of the log. */
  members: Record<string, { name: string; online: boolean; star: number | null }>;
  takenAnswer: { message: string; user: string | null } | null;
}

export interface UserView {
  id: string;
  name: string;
  login: string;
  email: string | null;
  shownEmailPopupAt: number | null;
  teamId: string | null;
  currentAnswer: string | null;
  points: number;
}

export interface ModeratorView {
  nightId: string | null;
  currentQuiz: string | null;
  currentRound: number | null;
  currentQuestion: number | null;
  timeLastChange: number | null;
  quizzleAnswer: { team: string; teamName: string; answer: string } | null;
  teamFavorites: [string, string][];
  userAnswers: [string, string][];
  heal_deal: HealDealSettings;
  /** The answer of the open (or last) question. */
  answer: string | null;
}

export interface TesterAnswerView {
  id: string;
  quizId: string;
  round: number;
  num: number;
  teamId: string | null;
  team: string | null;
  userId: string | null;
  answer: string;
  points: number;
  checked: boolean;
  liked: boolean;
}

export interface TesterView {
  /** The quiz to check: the current night's quiz, else quiz 1 (the spec's default). */
  quiz: string;
  round: number | null;
  question: number | null;
  state: GlobalStateCode;
  countdownEndsAt: number | null;
  checking: Record<string, string>;
  answers: TesterAnswerView[];
}

export interface Views {
  global: GlobalView;
  team?: TeamView;
  user?: UserView;
  moderator?: ModeratorView;
  tester?: TesterView;
}

const NO_POINTS: PointsTable = { rounds: [], sortedTeams: [] };

function questionView(q: Question, withAnswer: boolean): QuestionView {
  const view: QuestionView = {
    type: q.type, category: q.category, question: q.question, options: [...q.options], points: questionValue(q),
    round: q.round, number: q.number, extraInfo: { ...q.extraInfo },
  };
  if (withAnswer) view.answer = q.answer;
  return view;
}

/** Every team's heal-and-deal status (the part of the global view that grows with the teams). */
export function healDealsView(state: LiveState): GlobalView['heal_deals'] {
  const heal_deals: Record<string, HealDealStatus> = {};
  state.teams.forEach((team) => { heal_deals[team.id] = healDealStatus(state, team); });
  return heal_deals;
}

/** `heal_deals` may be passed in when the caller still has it for the same teams, heal-and-deal state and round. */
export function globalView(state: LiveState, heal_deals = healDealsView(state)): GlobalView {
  const night = state.night;
  return {
    state: globalStateCode(state),
    countdownEndsAt: night?.countdown?.endsAt ?? null,
    timeLeft: night?.countdown?.seconds ?? null,
    uberModus: state.show.uberModus,
    uberMessage: state.show.uberMessage,
    overviewMessage: state.show.overviewMessage,
    question: night?.question ? questionView(night.question, !isQuestionOpen(state)) : null,
    lagQType: night?.lastEndedType ?? null,
    quizzle: night?.quizzle ?? 'init',
    lobbyChat: state.show.lobbyChat.map(({ user, message, highlight }) => ({ user, message, highlight })),
    allowNewRegistrations: state.show.allowNewRegistrations,
    featureFlags: state.show.featureFlags,
    recheckAt: state.show.recheckAt,
    points: state.show.points ?? NO_POINTS,
    heal_deals,
    imgPrefix: state.show.imgPrefix,
    mode: night?.mode ?? 'team',
    painting: [...state.show.painting],
  };
}

function userName(state: LiveState, userId: string | null): string | null {
  if (userId === null) return null;
  return state.users.get(userId)?.name ?? '(nicht gefunden)';
}

function takenAnswerView(state: LiveState, team: TeamLive): TeamView['takenAnswer'] {
  const lockedInSeq = state.night?.lockedInSeq ?? null;
  if (lockedInSeq === null) return null;
  const taken = team.takenAnswer;
  if (taken && taken.seq === lockedInSeq) return { message: taken.message, user: userName(state, taken.userId) };
  return { message: NO_PROPOSALS_MESSAGE, user: null };
}

export function teamView(state: LiveState, teamId: string): TeamView | undefined {
  const team = state.teams.get(teamId);
  if (!team) return undefined;
  const play = teamPlay(state, team);
  const starCount = starCounts(play);
  const proposals: Record<string, ProposalView> = {};
  for (const p of play.proposals) {
    proposals[p.key] = { user: userName(state, p.userId) ?? '', userId: p.userId, message: p.message, chat: p.chat, stars: starCount.get(p.key) ?? 0 };
  }
  const members: TeamView['members'] = {};
  for (const id of team.memberIds) {
    const user = state.users.get(id);
    members[id] = { name: user?.name ?? '(nicht gefunden)', online: false, star: starOf(play, id) };
  }
  return {
    id: team.id, name: team.name, beschreibung: team.beschreibung, stadt: team.stadt, url: team.url,
    favorite: play.favorite, quizzled: play.quizzled, proposals, members, takenAnswer: takenAnswerView(state, team),
  };
}

export function userView(state: LiveState, userId: string): UserView | undefined {
  const user = state.users.get(userId);
  if (!user) return undefined;
  return {
    id: user.id, name: user.name, login: user.login, email: user.email, shownEmailPopupAt: user.shownEmailPopupAt,
    teamId: user.teamId, currentAnswer: currentSingleAnswer(state, user), points: user.points,
  };
}

export function moderatorView(state: LiveState): ModeratorView {
  const night = state.night;
  const teamFavorites: [string, string][] = [];
  state.teams.forEach((team) => {
    const play = teamPlay(state, team);
    const favorite = play.favorite === null ? undefined : play.proposals.find((p) => p.key === play.favorite);
    if (favorite) teamFavorites.push([team.id, favorite.message]);
  });
  const userAnswers: [string, string][] = [];
  state.users.forEach((user) => {
    const answer = currentSingleAnswer(state, user);
    if (answer !== null) userAnswers.push([user.id, answer]);
  });
  const quizzle = night?.quizzleAnswer ?? null;
  return {
    nightId: night?.id ?? null,
    currentQuiz: night?.quizId ?? null,
    currentRound: night?.round ?? null,
    currentQuestion: night?.number ?? null,
    timeLastChange: night?.timeLastChange ?? null,
    quizzleAnswer: quizzle
      ? { team: quizzle.teamId, teamName: state.teams.get(quizzle.teamId)?.name ?? '(kein Team)', answer: quizzle.answer }
      : null,
    teamFavorites: teamFavorites.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    userAnswers: userAnswers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    heal_deal: state.healDeal.settings,
    answer: night?.question?.answer ?? null,
  };
}

export function testerAnswerView(a: AnswerLive, team: TeamLive | undefined): TesterAnswerView {
  return {
    id: a.id, quizId: a.quizId, round: a.round, num: a.num, teamId: a.teamId,
    team: a.teamId ? team?.name ?? '(kein Team)' : null, userId: a.userId,
    answer: a.answer, points: a.points, checked: a.checked, liked: a.liked,
  };
}

/** The quiz testers check: the current night's quiz, else quiz 1 (the spec's default). */
export function testerQuiz(state: LiveState): string {
  return state.night?.quizId ?? '1';
}

/** Every answer of the quiz, by round, question and id. */
export function testerAnswers(state: LiveState, quiz = testerQuiz(state)): TesterAnswerView[] {
  const answers: TesterAnswerView[] = [];
  state.answers.forEach((a) => {
    if (a.quizId === quiz) answers.push(testerAnswerView(a, a.teamId ? state.teams.get(a.teamId) : undefined));
  });
  return answers.sort((a, b) => a.round - b.round || a.num - b.num || (a.id < b.id ? -1 : 1));
}

/** `answers` may be passed in by a caller that keeps them between states (see src/realtime/scopes.ts). */
export function testerView(state: LiveState, answers = testerAnswers(state)): TesterView {
  const night = state.night;
  return {
    quiz: testerQuiz(state), round: night?.round ?? null, question: night?.number ?? null, state: globalStateCode(state),
    countdownEndsAt: night?.countdown?.endsAt ?? null, checking: state.checking.toObject(), answers,
  };
}

/** The views of one viewer: global always; team and user of a logged-in player; moderator and tester by role. */
export function views(state: LiveState, viewer: Viewer): Views {
  const result: Views = { global: globalView(state) };
  if (viewer.userId !== null) {
    const user = userView(state, viewer.userId);
    if (user) {
      result.user = user;
      const team = user.teamId ? teamView(state, user.teamId) : undefined;
      if (team) result.team = team;
    }
  }
  if (viewer.roles.includes('moderator')) result.moderator = moderatorView(state);
  if (viewer.roles.includes('tester') || viewer.roles.includes('moderator')) result.tester = testerView(state);
  return result;
}

