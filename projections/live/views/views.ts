/**
 * What each viewer may see. Views are computed per scope (one global view for everyone, one per
 * team, one per user, one for moderators, one for testers), never per socket.
 * Privacy: a player's views never hold another team's proposals or chat, the moderator view, or
 * the answer of an open question.
 * Each scope is declared right after its view function (`globalScope` … `testerScope`, see scopes.ts):
 * its inputs, everything the view reads, beside the view. A view that reads more lists it there;
 * test/unit/scopes.test.ts fails otherwise.
 */
import type { DrawnStroke, PlayMode, PointsTable, Question, Role, Stroke, UberMode } from '../../../events';
import type { PersistentMap } from '../state/persistent-map';
import {
  currentDrawing, currentPlay, currentSingleAnswer, globalStateCode, isQuestionOpen, starCounts, starOf,
} from '../state/queries';
import { healDealRound, healDealStatus, type HealDealStatus } from '../rules/heal-deal';
import { NO_PROPOSALS_MESSAGE } from '../rules/lock-in';
import { MISSING_TEAM_NAME } from '../rules/names';
import { questionValue } from '../rules/question-values';
import type { IsOnline, ScopeDefinition, ScopeKeyOf } from './scope-definition';
import {
  EMPTY_PLAY, healDealChoiceKey, type AnswerLive, type GlobalStateCode, type HealDealChoice, type HealDealLive, type HealDealSettings, type LiveState,
  type QuizzleStatus, type TeamLive, type UserLive,
} from '../state/state';

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
  /** `id`: what mlh names to hide the entry. */
  lobbyChat: { id: string; user: string; message: string; highlight: boolean }[];
  /** mlc: players may post in the lobby chat. */
  lobbyChatOpen: boolean;
  /** msl: players together post at most one lobby message every this many seconds (0: off). */
  lobbyChatSlowSeconds: number;
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
  /** The short number players type to join (with the team's password). */
  number: number;
  name: string;
  beschreibung: string;
  stadt: string;
  url: string;
  favorite: number | null;
  quizzled: number | null;
  proposals: Record<string, ProposalView>;
  /** `online` comes from the server's live connections; presence is not part of the log. */
  members: Record<string, { name: string; online: boolean; star: number | null }>;
  takenAnswer: { message: string; user: string | null } | null;
  /** The team's heal-and-deal choices of the round: every member sees them, a reload too. */
  healDeal: TeamHealDealView;
  /** The moderator's answer to the team's quizzle proposal (`key`) of this question; absent while there is none. */
  quizzleVerdict?: QuizzleVerdictView;
}

export interface QuizzleVerdictView {
  verdict: 'accepted' | 'rejected';
  key: number;
}

/** The team's quizzle verdict: accepted while the night's accepted answer is the team's; rejected until its next offer or question. */
export function quizzleVerdictOf(state: LiveState, teamId: string): QuizzleVerdictView | null {
  const night = state.night;
  if (!night) return null;
  if (night.quizzle === 'accepted' && night.quizzleAnswer?.teamId === teamId) return { verdict: 'accepted', key: night.quizzleAnswer.key };
  const rejected = night.quizzleRejected;
  return rejected?.teamId === teamId ? { verdict: 'rejected', key: rejected.key } : null;
}

/** A heal or deal choice: the target team, its name and the hit points fixed when chosen. */
export interface HealDealChoiceView {
  team: string;
  teamName: string;
  amount: number;
}

/** The heal-and-deal round (1 to 3), whether it is calculated, and the team's heal and deal of it (null: not chosen). */
export interface TeamHealDealView {
  round: number;
  calculated: boolean;
  heal: HealDealChoiceView | null;
  deal: HealDealChoiceView | null;
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
  /** The user's saved drawing of the open zeichnen question (stored strokes, 720x360), or null. */
  drawing: DrawnStroke[] | null;
  /** The user's roles now: a role granted or taken shows in the open app at once, not only in the next login token. */
  perm: Role[];
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
  /** The last greetings not hidden (mgh hides one), newest last. */
  greetings: { id: string; name: string; message: string }[];
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

/** The global view's `heal_deals` with what it was computed from (see keptHealDeals). */
export interface KeptHealDeals {
  readonly teams: LiveState['teams'];
  readonly healDeal: HealDealLive;
  readonly round: number;
  readonly value: GlobalView['heal_deals'];
}

/**
 * `heal_deals` kept while the teams, the heal-and-deal state and its round stay the same (all that
 * healDealsView reads), so a question start does not rebuild it and the patch skips it at once.
 */
export function keptHealDeals(state: LiveState, previous: KeptHealDeals | undefined): KeptHealDeals {
  const round = healDealRound(state);
  if (previous && previous.healDeal === state.healDeal && previous.round === round) {
    if (previous.teams === state.teams) return previous;
    // A join or an edit leaves every entry as it was (an entry shows the team's name only); a rename
    // replaces that entry. Teams that came or went rebuild the whole (its order is the teams' order).
    const changes = teamChanges(previous.teams, state.teams);
    if (!changes.came && !changes.went) {
      if (changes.renamed.length === 0) return { ...previous, teams: state.teams };
      const value = { ...previous.value };
      for (const team of changes.renamed) value[team.id] = healDealStatus(state, team, round);
      return { ...previous, teams: state.teams, value };
    }
  }
  return { teams: state.teams, healDeal: state.healDeal, round, value: healDealsView(state) };
}

/** Between two team maps: whether teams came or went, and the teams whose name changed. */
function teamChanges(before: LiveState['teams'], after: LiveState['teams']): { came: boolean; went: boolean; renamed: TeamLive[] } {
  const changes = { came: false, went: false, renamed: [] as TeamLive[] };
  after.diff(before, (_id, team, previous) => {
    if (!previous) changes.came = true;
    else if (!team) changes.went = true;
    else if (team.name !== previous.name) changes.renamed.push(team);
  });
  return changes;
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
    lobbyChat: state.show.lobbyChat.map(({ id, user, message, highlight }) => ({ id, user, message, highlight })),
    lobbyChatOpen: state.show.lobbyOpen,
    lobbyChatSlowSeconds: state.show.lobbySlowSeconds,
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

export const globalScope: ScopeDefinition<ScopeKeyOf<'global'>, GlobalView, KeptHealDeals> = {
  inputs: (state) => [state.night, state.show, state.teams, state.healDeal],
  keep: keptHealDeals,
  view: (state, _key, _isOnline, kept) => globalView(state, kept?.value),
};

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

/** What a team's heal-and-deal choices of the round read: the round, whether it is calculated, the choices and their targets. */
function teamHealDealInputs(state: LiveState, teamId: string) {
  const round = healDealRound(state);
  const heal = state.healDeal.choices.get(healDealChoiceKey(round, teamId, 'heal'));
  const deal = state.healDeal.choices.get(healDealChoiceKey(round, teamId, 'deal'));
  const calculated = state.healDeal.calculatedRounds.includes(round);
  return { round, calculated, heal, deal, healTarget: heal && state.teams.get(heal.targetTeamId), dealTarget: deal && state.teams.get(deal.targetTeamId) };
}

function healDealChoiceView(choice: HealDealChoice | undefined, target: TeamLive | undefined): HealDealChoiceView | null {
  return choice ? { team: choice.targetTeamId, teamName: target?.name ?? MISSING_TEAM_NAME, amount: choice.amount } : null;
}

export function teamHealDealView(state: LiveState, teamId: string): TeamHealDealView {
  const { round, calculated, heal, deal, healTarget, dealTarget } = teamHealDealInputs(state, teamId);
  return { round, calculated, heal: healDealChoiceView(heal, healTarget), deal: healDealChoiceView(deal, dealTarget) };
}

/** Members are offline unless `isOnline` tells otherwise: presence is the server's, never folded from the log. */
export function teamView(state: LiveState, teamId: string, isOnline: IsOnline = () => false): TeamView | undefined {
  const team = state.teams.get(teamId);
  if (!team) return undefined;
  // Not teamPlay: a team without a play reads as the empty one whatever the question (teamScope's inputs).
  const play = currentPlay(state, team.id) ?? EMPTY_PLAY;
  const starCount = starCounts(play);
  const proposals: Record<string, ProposalView> = {};
  for (const p of play.proposals) {
    proposals[p.key] = { user: userName(state, p.userId) ?? '', userId: p.userId, message: p.message, chat: p.chat, stars: starCount.get(p.key) ?? 0 };
  }
  const members: TeamView['members'] = {};
  for (const id of team.memberIds) {
    const user = state.users.get(id);
    members[id] = { name: user?.name ?? '(nicht gefunden)', online: isOnline(id), star: starOf(play, id) };
  }
  const quizzleVerdict = quizzleVerdictOf(state, team.id);
  return {
    id: team.id, number: team.number, name: team.name, beschreibung: team.beschreibung, stadt: team.stadt, url: team.url,
    favorite: play.favourite, quizzled: play.quizzled, proposals, members, takenAnswer: takenAnswerView(state, team),
    healDeal: teamHealDealView(state, team.id),
    ...(quizzleVerdict ? { quizzleVerdict } : {}),
  };
}

export const teamScope: ScopeDefinition<ScopeKeyOf<'team'>, TeamView> = {
  inputs(state, { teamId }, isOnline) {
    const team = state.teams.get(teamId);
    if (!team) return [team];
    // The live play, null while empty (a stale play reads as empty): a new question only touches teams that had
    // proposals, and a proposal of one team leaves every other team's view alone. The view shows the names of
    // the members and of the authors of proposals and of the taken answer (who may have left the team since).
    const play = currentPlay(state, team.id);
    const users = team.memberIds.map((id) => state.users.get(id));
    for (const p of play?.proposals ?? []) if (!team.memberIds.includes(p.userId)) users.push(state.users.get(p.userId));
    if (team.takenAnswer?.userId) users.push(state.users.get(team.takenAnswer.userId));
    const hd = teamHealDealInputs(state, team.id);
    const verdict = quizzleVerdictOf(state, team.id);
    return [
      team, play, state.night?.lockedInSeq, ...users, ...team.memberIds.map((id) => isOnline(id)),
      hd.round, hd.calculated, hd.heal, hd.deal, hd.healTarget, hd.dealTarget, verdict?.verdict, verdict?.key,
    ];
  },
  view: (state, { teamId }, isOnline) => teamView(state, teamId, isOnline) ?? null,
  touched(state, previous) {
    // A lock-in changes every team's taken answer.
    if (state.night?.lockedInSeq !== previous.night?.lockedInSeq) return 'all';
    // Heal-and-deal choices, the round and the calculation show in the teams' views, with their targets' names.
    if (state.healDeal !== previous.healDeal || healDealRound(state) !== healDealRound(previous)) return 'all';
    const teams = new Set<string>();
    let targetRenamedOrGone = false;
    state.teams.diff(previous.teams, (teamId, team, before) => {
      teams.add(teamId);
      if (before && team?.name !== before.name) targetRenamedOrGone = true;
    });
    if (targetRenamedOrGone) return 'all';
    state.plays.diff(previous.plays, (teamId) => teams.add(teamId));
    // A quizzle verdict shows in the view of the team it answers.
    const [now, before] = [state.night, previous.night];
    if (now?.quizzle !== before?.quizzle || now?.quizzleRejected !== before?.quizzleRejected) {
      for (const night of [now, before]) {
        if (night?.quizzleAnswer) teams.add(night.quizzleAnswer.teamId);
        if (night?.quizzleRejected) teams.add(night.quizzleRejected.teamId);
      }
    }
    // A new question turns the plays of the previous one stale: those teams read as empty now.
    if (state.questionSeq !== previous.questionSeq) {
      previous.plays.forEach((play, teamId) => { if (play.seq === previous.questionSeq) teams.add(teamId); });
    }
    let renamedOrGone = false;
    state.users.diff(previous.users, (_userId, user, before) => {
      if (user?.teamId) teams.add(user.teamId);
      if (before?.teamId) teams.add(before.teamId);
      // A name also shows where its user proposed or gave the taken answer, member there or not any more.
      if (before && user?.name !== before.name) renamedOrGone = true;
    });
    return renamedOrGone ? 'all' : teams;
  },
};

function drawingView(strokes: readonly DrawnStroke[] | null): DrawnStroke[] | null {
  return strokes && strokes.map(({ width, color, points }) => ({ width, color, points: points.map(([x, y]) => [x, y] as [number, number]) }));
}

export function userView(state: LiveState, userId: string): UserView | undefined {
  const user = state.users.get(userId);
  if (!user) return undefined;
  return {
    id: user.id, name: user.name, login: user.login, email: user.email, shownEmailPopupAt: user.shownEmailPopupAt,
    teamId: user.teamId, currentAnswer: currentSingleAnswer(state, user), points: user.points,
    drawing: drawingView(currentDrawing(state, user)),
    perm: [...user.roles],
  };
}

export const userScope: ScopeDefinition<ScopeKeyOf<'user'>, UserView> = {
  inputs(state, { userId }) {
    const user = state.users.get(userId);
    return [user, user ? currentSingleAnswer(state, user) : null, user ? currentDrawing(state, user) : null];
  },
  view: (state, { userId }) => userView(state, userId) ?? null,
  touched(state, previous) {
    const users = new Set<string>();
    state.users.diff(previous.users, (userId) => users.add(userId));
    // A new question ends every current single answer and saved drawing.
    if (state.questionSeq !== previous.questionSeq) {
      previous.users.forEach((user, userId) => {
        if (user.singleAnswer?.seq === previous.questionSeq || user.drawing?.seq === previous.questionSeq) users.add(userId);
      });
    }
    return users;
  },
};

type IdAndText = [string, string];

const byId = ([a]: IdAndText, [b]: IdAndText) => (a < b ? -1 : a > b ? 1 : 0);

/** The message of the team's favourite in the live question, if the team exists and has one. */
function favouriteOf(teams: LiveState['teams'], plays: LiveState['plays'], questionSeq: number, teamId: string): string | undefined {
  const play = teams.has(teamId) ? plays.get(teamId) : undefined;
  if (!play || play.seq !== questionSeq || play.favourite === null) return undefined;
  return play.proposals.find((p) => p.key === play.favourite)?.message;
}

function singleAnswerOf(user: UserLive | undefined, questionSeq: number): string | undefined {
  return user?.singleAnswer && user.singleAnswer.seq === questionSeq ? user.singleAnswer.message : undefined;
}

/** A copy of the list (sorted by id) with the id's entry set to text, or removed when text is undefined. */
function withEntry(list: readonly IdAndText[], id: string, text: string | undefined): IdAndText[] {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]![0] < id) low = middle + 1;
    else high = middle;
  }
  const copy = list.slice();
  const found = copy[low]?.[0] === id;
  if (text === undefined) {
    if (found) copy.splice(low, 1);
  } else if (found) copy[low] = [id, text];
  else copy.splice(low, 0, [id, text]);
  return copy;
}

/** The moderator view's lists (one entry per team or user with something to show) with what they were computed from. */
export interface KeptModeratorLists {
  readonly teams: LiveState['teams'];
  readonly plays: LiveState['plays'];
  readonly users: LiveState['users'];
  readonly questionSeq: number;
  readonly teamFavorites: IdAndText[];
  readonly userAnswers: IdAndText[];
}

/**
 * The favourites and single answers kept between states: within one question only the teams and
 * users that changed are looked at (the persistent maps' diff), so a join or a proposal does not
 * walk every team and user of the show. A new question computes them afresh.
 */
export function keptModeratorLists(state: LiveState, previous: KeptModeratorLists | undefined): KeptModeratorLists {
  const { teams, plays, users, questionSeq } = state;
  if (!previous || previous.questionSeq !== questionSeq) {
    const teamFavorites: IdAndText[] = [];
    teams.forEach((team) => {
      const favourite = favouriteOf(teams, plays, questionSeq, team.id);
      if (favourite !== undefined) teamFavorites.push([team.id, favourite]);
    });
    const userAnswers: IdAndText[] = [];
    users.forEach((user) => {
      const answer = singleAnswerOf(user, questionSeq);
      if (answer !== undefined) userAnswers.push([user.id, answer]);
    });
    return { teams, plays, users, questionSeq, teamFavorites: teamFavorites.sort(byId), userAnswers: userAnswers.sort(byId) };
  }
  if (previous.teams === teams && previous.plays === plays && previous.users === users) return previous;
  let { teamFavorites, userAnswers } = previous;
  const changedTeams = new Set<string>();
  teams.diff(previous.teams, (teamId) => changedTeams.add(teamId));
  plays.diff(previous.plays, (teamId) => changedTeams.add(teamId));
  for (const teamId of changedTeams) {
    const favourite = favouriteOf(teams, plays, questionSeq, teamId);
    if (favourite !== favouriteOf(previous.teams, previous.plays, questionSeq, teamId)) teamFavorites = withEntry(teamFavorites, teamId, favourite);
  }
  users.diff(previous.users, (userId, user, before) => {
    const answer = singleAnswerOf(user, questionSeq);
    if (answer !== singleAnswerOf(before, questionSeq)) userAnswers = withEntry(userAnswers, userId, answer);
  });
  return { teams, plays, users, questionSeq, teamFavorites, userAnswers };
}

/** `lists` may be passed in by a caller that keeps them between states (keptModeratorLists). */
export function moderatorView(state: LiveState, lists = keptModeratorLists(state, undefined)): ModeratorView {
  const night = state.night;
  const quizzle = night?.quizzleAnswer ?? null;
  return {
    nightId: night?.id ?? null,
    currentQuiz: night?.quizId ?? null,
    currentRound: night?.round ?? null,
    currentQuestion: night?.number ?? null,
    timeLastChange: night?.timeLastChange ?? null,
    quizzleAnswer: quizzle
      ? { team: quizzle.teamId, teamName: state.teams.get(quizzle.teamId)?.name ?? MISSING_TEAM_NAME, answer: quizzle.answer }
      : null,
    teamFavorites: lists.teamFavorites,
    userAnswers: lists.userAnswers,
    heal_deal: state.healDeal.settings,
    answer: night?.question?.answer ?? null,
    greetings: state.show.recentGreetings.map(({ id, name, message }) => ({ id, name, message })),
  };
}

export const moderatorScope: ScopeDefinition<ScopeKeyOf<'moderator'>, ModeratorView, KeptModeratorLists> = {
  inputs: (state) => [state.night, state.teams, state.plays, state.users, state.questionSeq, state.healDeal.settings, state.show.recentGreetings],
  keep: keptModeratorLists,
  view: (state, _key, _isOnline, kept) => moderatorView(state, kept),
};

export function testerAnswerView(a: AnswerLive, team: TeamLive | undefined): TesterAnswerView {
  return {
    id: a.id, quizId: a.quizId, round: a.round, num: a.num, teamId: a.teamId,
    team: a.teamId ? team?.name ?? MISSING_TEAM_NAME : null, userId: a.userId,
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

/** The tester view's answers with what they were computed from (see keptTesterAnswers). */
export interface KeptTesterAnswers {
  readonly answers: PersistentMap<AnswerLive>;
  readonly teams: LiveState['teams'];
  readonly quiz: string;
  readonly list: TesterAnswerView[];
  readonly indexById: ReadonlyMap<string, number>;
}

/**
 * The tester view's answers (every answer of the quiz, thousands late in a night) kept between states.
 * A rating changes one answer: the persistent maps' diff finds it without visiting the others, and
 * a copy of the kept list gets that entry replaced; the patch passes over the rest at once (same
 * objects). Answers that came or went, another quiz or changed teams rebuild the list.
 */
export function keptTesterAnswers(state: LiveState, previous: KeptTesterAnswers | undefined): KeptTesterAnswers {
  const quiz = testerQuiz(state);
  if (previous && previous.quiz === quiz && previous.teams !== state.teams) {
    // Joins, edits and new teams leave every entry as it was: an entry shows its team's name only.
    const changes = teamChanges(previous.teams, state.teams);
    if (!changes.went && changes.renamed.length === 0) previous = { ...previous, teams: state.teams };
  }
  if (previous && previous.quiz === quiz && previous.teams === state.teams) {
    if (previous.answers === state.answers) return previous;
    const list = withRatings(previous, state);
    if (list) return { ...previous, answers: state.answers, list };
  }
  const list = testerAnswers(state, quiz);
  return { answers: state.answers, teams: state.teams, quiz, list, indexById: new Map(list.map((a, i) => [a.id, i])) };
}

/** The kept list with the changed answers replaced; null when answers came or went. */
function withRatings(kept: KeptTesterAnswers, state: LiveState): TesterAnswerView[] | null {
  let list: TesterAnswerView[] | null = null;
  let cameOrWent = false;
  state.answers.diff(kept.answers, (id, answer, previous) => {
    const index = kept.indexById.get(id);
    if (!answer || !previous || (answer.quizId === kept.quiz && index === undefined)) cameOrWent = true;
    else if (index !== undefined) (list ??= kept.list.slice())[index] = testerAnswerView(answer, answer.teamId ? state.teams.get(answer.teamId) : undefined);
  });
  return cameOrWent ? null : list ?? kept.list;
}

/** `answers` may be passed in by a caller that keeps them between states (keptTesterAnswers). */
export function testerView(state: LiveState, answers = testerAnswers(state)): TesterView {
  const night = state.night;
  return {
    quiz: testerQuiz(state), round: night?.round ?? null, question: night?.number ?? null, state: globalStateCode(state),
    countdownEndsAt: night?.countdown?.endsAt ?? null, checking: state.checking.toObject(), answers,
  };
}

export const testerScope: ScopeDefinition<ScopeKeyOf<'tester'>, TesterView, KeptTesterAnswers> = {
  inputs: (state) => [state.night, state.show, state.answers, state.teams, state.checking],
  keep: keptTesterAnswers,
  view: (state, _key, _isOnline, kept) => testerView(state, kept?.list),
};
