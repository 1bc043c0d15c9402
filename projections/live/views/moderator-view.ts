/** The moderators' view: the night's position, the quizzle answer, every team's favourite and every single answer, the heal-and-deal settings, greetings. */
import { MISSING_TEAM_NAME } from '../rules/names';
import type { HealDealSettings, LiveState, UserLive } from '../state/state';
import { whole } from './reads';
import type { ScopeDefinition, ScopeKeyOf } from './scope-definition';

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
 * The favourites and single answers kept between states: only the teams and users that changed are
 * looked at (the persistent maps' diff), so a join, a proposal or a question start does not walk every
 * team and user of the show. At a new question nothing of the last one shows, and whatever shows of the
 * new one was written since the previous state: an answer or play carries the seq of the question it
 * was given in, and the seq only grows, so none in the previous state has the new one. Without a
 * previous state (or one ahead of this) they are computed afresh.
 */
export function keptModeratorLists(state: LiveState, previous: KeptModeratorLists | undefined): KeptModeratorLists {
  const { teams, plays, users, questionSeq } = state;
  if (!previous || previous.questionSeq > questionSeq) {
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
  const newQuestion = previous.questionSeq !== questionSeq;
  if (!newQuestion && previous.teams === teams && previous.plays === plays && previous.users === users) return previous;
  let { teamFavorites, userAnswers } = newQuestion ? { teamFavorites: [] as IdAndText[], userAnswers: [] as IdAndText[] } : previous;
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
    quizzleAnswer: quizzle ? { team: quizzle.teamId, teamName: state.teams.get(quizzle.teamId)?.name ?? MISSING_TEAM_NAME, answer: quizzle.answer } : null,
    teamFavorites: lists.teamFavorites,
    userAnswers: lists.userAnswers,
    heal_deal: state.healDeal.settings,
    answer: night?.question?.answer ?? null,
    greetings: state.show.recentGreetings.map(({ id, name, message }) => ({ id, name, message })),
  };
}

export const moderatorScope: ScopeDefinition<ScopeKeyOf<'moderator'>, ModeratorView, KeptModeratorLists> = {
  reads: [
    whole((s) => s.night),
    whole((s) => s.teams),
    whole((s) => s.plays),
    whole((s) => s.users),
    whole((s) => s.questionSeq),
    whole((s) => s.healDeal.settings),
    whole((s) => s.show.recentGreetings),
  ],
  keep: keptModeratorLists,
  view: (state, _key, _isOnline, kept) => moderatorView(state, kept),
};
