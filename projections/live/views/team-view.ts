/**
 * A team's view: what its members see (their proposals and chat, stars, favourite, taken answer,
 * heal-and-deal choices, quizzle verdict, who is online). Never another team's.
 */
import { currentPlay, starCounts, starOf } from '../state/queries';
import { pointsShownFor } from '../rules/points';
import type { Question } from '../../../events';
import { healDealRound } from '../rules/heal-deal';
import { NO_PROPOSALS_MESSAGE } from '../rules/lock-in';
import { MISSING_TEAM_NAME } from '../rules/names';
import { shownLogo, shownOrHidden, teamNoticeView, type ModeratedNoticeView } from '../rules/moderated';
import {
  EMPTY_PLAY,
  healDealChoiceKey,
  type AnswerLive,
  type HealDealChoice,
  type LiveState,
  type NightAnswers,
  type TeamLive,
} from '../state/state';
import { entry, keyedRead, whole, type Reads } from './reads';
import type { IsOnline, ScopeDefinition, ScopeKeyOf } from './scope-definition';

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
  /** How many members the team has (the team page shows it above the member list). */
  memberCount: number;
  takenAnswer: { message: string; user: string | null } | null;
  /** The team's heal-and-deal choices of the round: every member sees them, a reload too. */
  healDeal: TeamHealDealView;
  /** The moderator's answer to the team's quizzle proposal (`key`) of this question; absent while there is none. */
  quizzleVerdict?: QuizzleVerdictView;
  /** What a moderator last changed of the team (mtn, mtl), as a German notice; absent while nothing. */
  notice?: ModeratedNoticeView;
  /** The current quiz's ended questions, in the order they ended ("Unsere Antworten"). */
  history: TeamHistoryEntry[];
}

/**
 * One ended question of the night for the team: its solution and the team's taken answer (null: none
 * locked in); `rating` and `points` only once that round's points are published (pointsShownFor),
 * null before (hidden points stay hidden) and for an answer nobody rated.
 */
export interface TeamHistoryEntry {
  round: number;
  number: number;
  question: string;
  solution: string;
  takenAnswer: string | null;
  rating: 'right' | 'wrong' | null;
  points: number | null;
}

/** The quiz's questions by `round.number`, built once per quiz content (every team's history reads the same). */
const questionsByPosition = new WeakMap<readonly Question[], Map<string, Question>>();

function questionAt(content: readonly Question[], round: number, number: number): Question | undefined {
  let byPosition = questionsByPosition.get(content);
  if (!byPosition) {
    byPosition = new Map(content.map((q) => [`${q.round}.${q.number}`, q]));
    questionsByPosition.set(content, byPosition);
  }
  return byPosition.get(`${round}.${number}`);
}

/** The held answers of the night (none of an earlier night), as the answers map has them. */
export function nightAnswersOf(state: LiveState, held: NightAnswers | null): AnswerLive[] {
  const night = state.night;
  if (!night || !held || held.nightId !== night.id) return [];
  const answers: AnswerLive[] = [];
  for (const id of held.answerIds) {
    const answer = state.answers.get(id);
    if (answer) answers.push(answer);
  }
  return answers;
}

/** An answer's rating and points as the team or player may see them: null until its round's points are published. */
export function shownRating(
  state: LiveState,
  answer: AnswerLive | undefined,
): Pick<TeamHistoryEntry, 'rating' | 'points'> {
  if (!answer || !pointsShownFor(state.show, answer.quizId, answer.round)) return { rating: null, points: null };
  if (!answer.checked && answer.points === 0) return { rating: null, points: 0 };
  return { rating: answer.points > 0 ? 'right' : 'wrong', points: answer.points };
}

export function teamHistory(state: LiveState, team: TeamLive): TeamHistoryEntry[] {
  const night = state.night;
  if (!night || night.ended.length === 0) return [];
  const content = state.quizzes.get(night.quizId)?.content ?? [];
  const taken = new Map<string, AnswerLive>();
  for (const answer of nightAnswersOf(state, team.nightAnswers)) taken.set(`${answer.round}.${answer.num}`, answer);
  const history: TeamHistoryEntry[] = [];
  for (const { round, number } of night.ended) {
    const question = questionAt(content, round, number);
    // An instruction shows how a round works: nobody answers it.
    if (question?.type === 'instruction') continue;
    const answer = taken.get(`${round}.${number}`);
    history.push({
      round,
      number,
      question: question?.question ?? '',
      solution: question?.answer ?? '',
      takenAnswer: answer ? shownOrHidden(state, answer.answer) : null,
      ...shownRating(state, answer),
    });
  }
  return history;
}

export interface QuizzleVerdictView {
  verdict: 'accepted' | 'rejected';
  key: number;
}

/** The team's quizzle verdict: accepted while the night's accepted answer is the team's; rejected until its next offer or question. */
export function quizzleVerdictOf(state: LiveState, teamId: string): QuizzleVerdictView | null {
  const night = state.night;
  if (!night) return null;
  if (night.quizzle === 'accepted' && night.quizzleAnswer?.teamId === teamId)
    return { verdict: 'accepted', key: night.quizzleAnswer.key };
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

function userName(state: LiveState, userId: string | null): string | null {
  if (userId === null) return null;
  return state.users.get(userId)?.name ?? '(nicht gefunden)';
}

function takenAnswerView(state: LiveState, team: TeamLive): TeamView['takenAnswer'] {
  const lockedInSeq = state.night?.lockedInSeq ?? null;
  if (lockedInSeq === null) return null;
  const taken = team.takenAnswer;
  if (taken && taken.seq === lockedInSeq)
    return { message: shownOrHidden(state, taken.message), user: userName(state, taken.userId) };
  return { message: NO_PROPOSALS_MESSAGE, user: null };
}

/** What a team's heal-and-deal choices of the round read: the round, whether it is calculated, the choices and their targets. */
function teamHealDealInputs(state: LiveState, teamId: string) {
  const round = healDealRound(state);
  const heal = state.healDeal.choices.get(healDealChoiceKey(round, teamId, 'heal'));
  const deal = state.healDeal.choices.get(healDealChoiceKey(round, teamId, 'deal'));
  const calculated = state.healDeal.calculatedRounds.includes(round);
  return {
    round,
    calculated,
    heal,
    deal,
    healTarget: heal && state.teams.get(heal.targetTeamId),
    dealTarget: deal && state.teams.get(deal.targetTeamId),
  };
}

function healDealChoiceView(
  choice: HealDealChoice | undefined,
  target: TeamLive | undefined,
): HealDealChoiceView | null {
  return choice
    ? { team: choice.targetTeamId, teamName: target?.name ?? MISSING_TEAM_NAME, amount: choice.amount }
    : null;
}

export function teamHealDealView(state: LiveState, teamId: string): TeamHealDealView {
  const { round, calculated, heal, deal, healTarget, dealTarget } = teamHealDealInputs(state, teamId);
  return { round, calculated, heal: healDealChoiceView(heal, healTarget), deal: healDealChoiceView(deal, dealTarget) };
}

/** Members are offline unless `isOnline` tells otherwise: presence is the server's, never folded from the log. */
export function teamView(state: LiveState, teamId: string, isOnline: IsOnline = () => false): TeamView | undefined {
  const team = state.teams.get(teamId);
  if (!team) return undefined;
  // Not teamPlay: a team without a play reads as the empty one whatever the question (the livePlay read).
  const play = currentPlay(state, team.id) ?? EMPTY_PLAY;
  const starCount = starCounts(play);
  const proposals: Record<string, ProposalView> = {};
  for (const p of play.proposals) {
    proposals[p.key] = {
      user: userName(state, p.userId) ?? '',
      userId: p.userId,
      message: shownOrHidden(state, p.message),
      chat: p.chat,
      stars: starCount.get(p.key) ?? 0,
    };
  }
  const members: TeamView['members'] = {};
  for (const id of team.memberIds) {
    const user = state.users.get(id);
    members[id] = { name: user?.name ?? '(nicht gefunden)', online: isOnline(id), star: starOf(play, id) };
  }
  const quizzleVerdict = quizzleVerdictOf(state, team.id);
  const notice = teamNoticeView(team.moderated, team.name);
  return {
    id: team.id,
    number: team.number,
    name: team.name,
    beschreibung: team.beschreibung,
    stadt: team.stadt,
    url: shownLogo(state, team.url),
    favorite: play.favourite,
    quizzled: play.quizzled,
    proposals,
    members,
    memberCount: team.memberIds.length,
    takenAnswer: takenAnswerView(state, team),
    healDeal: teamHealDealView(state, team.id),
    ...(quizzleVerdict ? { quizzleVerdict } : {}),
    ...(notice ? { notice } : {}),
    history: teamHistory(state, team),
  };
}

type TeamKey = ScopeKeyOf<'team'>;

/** Whether a user was renamed (or went) between the states: a name may show in any team (a proposal's or taken answer's author who left). */
function someoneRenamed(state: LiveState, previous: LiveState): boolean {
  let renamed = false;
  state.users.diff(previous.users, (_userId, user, before) => {
    if (before && user?.name !== before.name) renamed = true;
  });
  return renamed;
}

/**
 * The team's play of the live question (null while it has none: a stale play reads as empty) and the
 * names of who proposed and is no member (any more; the members read has the members' names). A
 * proposal touches its team only; a new question touches the teams that had a play of the one
 * before; a rename may touch any team.
 */
const livePlay = keyedRead<TeamKey>({
  of(state, { teamId }) {
    const play = currentPlay(state, teamId);
    if (!play) return null;
    const memberIds = state.teams.get(teamId)?.memberIds ?? [];
    const values: unknown[] = [play];
    for (const p of play.proposals) if (!memberIds.includes(p.userId)) values.push(state.users.get(p.userId)?.name);
    return values;
  },
  touches(state, previous, touched) {
    if (someoneRenamed(state, previous)) return 'all';
    state.plays.diff(previous.plays, (teamId) => touched.add(teamId));
    state.teams.diff(previous.teams, (teamId) => touched.add(teamId));
    if (state.questionSeq === previous.questionSeq) return;
    previous.plays.forEach((play, teamId) => {
      if (play.seq === previous.questionSeq) touched.add(teamId);
    });
  },
});

/** Who gave the team's taken answer, by name: the team's entry touches it, and a rename may touch any team (the author may have left). */
const takenAnswerAuthor = keyedRead<TeamKey>({
  of(state, { teamId }) {
    const userId = state.teams.get(teamId)?.takenAnswer?.userId;
    return userId ? state.users.get(userId)?.name : undefined;
  },
  touches(state, previous, touched) {
    if (someoneRenamed(state, previous)) return 'all';
    state.teams.diff(previous.teams, (teamId) => touched.add(teamId));
  },
});

/**
 * The members, their names and whether they are online. A change of the team's entry (who is in it)
 * touches it, and so does a member's rename; presence touches nothing here (the server refreshes a
 * user's scopes when they come or go).
 */
const members = keyedRead<TeamKey>({
  of(state, { teamId }, isOnline) {
    const values: unknown[] = [];
    for (const id of state.teams.get(teamId)?.memberIds ?? []) values.push(state.users.get(id)?.name, isOnline(id));
    return values;
  },
  touches(state, previous, touched) {
    state.teams.diff(previous.teams, (teamId) => touched.add(teamId));
    state.users.diff(previous.users, (_userId, user, before) => {
      if (user?.name === before?.name) return;
      if (user?.teamId) touched.add(user.teamId);
      if (before?.teamId) touched.add(before.teamId);
    });
  },
});

/**
 * The team's heal-and-deal choices of the round and their targets' names: a choice, the round, a
 * calculation or a team renamed or gone (a target) may show in any team.
 */
const healDeal = keyedRead<TeamKey>({
  of(state, { teamId }) {
    const { round, calculated, heal, deal, healTarget, dealTarget } = teamHealDealInputs(state, teamId);
    return [round, calculated, heal, deal, healTarget?.name, dealTarget?.name];
  },
  touches(state, previous) {
    const { choices, calculatedRounds } = state.healDeal;
    if (choices !== previous.healDeal.choices || calculatedRounds !== previous.healDeal.calculatedRounds) return 'all';
    if (healDealRound(state) !== healDealRound(previous)) return 'all';
    let targetRenamedOrGone = false;
    state.teams.diff(previous.teams, (_teamId, team, before) => {
      if (before && team?.name !== before.name) targetRenamedOrGone = true;
    });
    return targetRenamedOrGone ? 'all' : undefined;
  },
});

/** The moderator's verdict on a quizzle: it touches the teams it answers, before and after. */
const quizzleVerdict = keyedRead<TeamKey>({
  of(state, { teamId }) {
    const verdict = quizzleVerdictOf(state, teamId);
    return [verdict?.verdict, verdict?.key];
  },
  touches(state, previous, touched) {
    const [now, before] = [state.night, previous.night];
    if (
      now?.quizzle === before?.quizzle &&
      now?.quizzleAnswer === before?.quizzleAnswer &&
      now?.quizzleRejected === before?.quizzleRejected
    )
      return;
    for (const night of [now, before]) {
      if (night?.quizzleAnswer) touched.add(night.quizzleAnswer.teamId);
      if (night?.quizzleRejected) touched.add(night.quizzleRejected.teamId);
    }
  },
});

/**
 * The history: the night's ended questions, the quiz's content, what the published points cover, and
 * the team's answers of the night. The night's list, its quiz or the cover touch every team; an
 * answer (a rating) touches its team; the team's entry touches it (its answers of the night).
 */
const history = keyedRead<TeamKey>({
  of(state, { teamId }) {
    const night = state.night;
    const team = state.teams.get(teamId);
    if (!night || !team) return null;
    return [
      night.id,
      night.ended,
      state.quizzes.get(night.quizId),
      state.show.pointsCover,
      team.nightAnswers,
      ...nightAnswersOf(state, team.nightAnswers),
    ];
  },
  touches(state, previous, touched) {
    const [now, before] = [state.night, previous.night];
    if (now?.id !== before?.id || now?.ended !== before?.ended || state.show.pointsCover !== previous.show.pointsCover)
      return 'all';
    if (now && state.quizzes.get(now.quizId) !== previous.quizzes.get(now.quizId)) return 'all';
    state.teams.diff(previous.teams, (teamId) => touched.add(teamId));
    state.answers.diff(previous.answers, (_answerId, answer, was) => {
      if (answer?.teamId) touched.add(answer.teamId);
      if (was?.teamId) touched.add(was.teamId);
    });
  },
});

const teamReads: Reads<TeamKey> = [
  entry((s) => s.teams),
  livePlay,
  // A lock-in changes every team's taken answer. As the view reads it (no night: none), so the night's
  // first question, which makes the night, does not recompute every team.
  whole((s) => s.night?.lockedInSeq ?? null),
  members,
  takenAnswerAuthor,
  healDeal,
  quizzleVerdict,
  // mph: a picture hidden or shown again may be any team's proposal, taken answer or logo.
  whole((s) => s.hiddenPictures),
  history,
];

export const teamScope: ScopeDefinition<TeamKey, TeamView> = {
  reads: teamReads,
  view: (state, { teamId }, isOnline) => teamView(state, teamId, isOnline) ?? null,
};
