/** The moderators' view: the night's position, the quizzle answer, every team's favourite and every single answer, the heal-and-deal settings, greetings. */
import { MISSING_TEAM_NAME } from '../rules/names';
import type { HealDealSettings, LiveState, UserLive } from '../state/state';
import { present } from '../state/present';
import { keyedRead, whole } from './reads';
import type { IsOnline, ScopeDefinition, ScopeKeyOf } from './scope-definition';

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
  /**
   * How many teams have a favourite in the live question (`withFavourite`), of the teams with at least
   * one member (`teams`), and how many teams have a member connected now (`online`): when to start the countdown.
   */
  favouriteCount: FavouriteCount;
  /** mph: the stored names of the pictures hidden from players, sorted (the panel shows them again). */
  hiddenPictures: string[];
  /** mlh: the lobby chat lines hidden lately, newest last (mlh with `hidden: false` restores one). */
  hiddenLobbyChat: { id: string; user: string; message: string }[];
}

export interface FavouriteCount {
  teams: number;
  withFavourite: number;
  online: number;
}

type IdAndText = [string, string];

const byId = ([a]: IdAndText, [b]: IdAndText) => (a < b ? -1 : a > b ? 1 : 0);

/** The message of the team's favourite in the live question, if the team exists and has one. */
function favouriteOf(
  teams: LiveState['teams'],
  plays: LiveState['plays'],
  questionSeq: number,
  teamId: string,
): string | undefined {
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
    const [middleId] = present(list[middle], 'sorted entry');
    if (middleId < id) low = middle + 1;
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
  /** Teams with at least one member. */
  readonly teamsWithMembers: number;
}

const hasMembers = (team: { memberIds: readonly string[] } | undefined) =>
  team !== undefined && team.memberIds.length > 0 ? 1 : 0;

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
    let teamsWithMembers = 0;
    teams.forEach((team) => {
      teamsWithMembers += hasMembers(team);
      const favourite = favouriteOf(teams, plays, questionSeq, team.id);
      if (favourite !== undefined) teamFavorites.push([team.id, favourite]);
    });
    const userAnswers: IdAndText[] = [];
    users.forEach((user) => {
      const answer = singleAnswerOf(user, questionSeq);
      if (answer !== undefined) userAnswers.push([user.id, answer]);
    });
    return {
      teams,
      plays,
      users,
      questionSeq,
      teamFavorites: teamFavorites.sort(byId),
      userAnswers: userAnswers.sort(byId),
      teamsWithMembers,
    };
  }
  const newQuestion = previous.questionSeq !== questionSeq;
  if (!newQuestion && previous.teams === teams && previous.plays === plays && previous.users === users) return previous;
  let { teamFavorites, userAnswers } = newQuestion
    ? { teamFavorites: [] as IdAndText[], userAnswers: [] as IdAndText[] }
    : previous;
  const changedTeams = new Set<string>();
  let { teamsWithMembers } = previous;
  teams.diff(previous.teams, (teamId, team, before) => {
    changedTeams.add(teamId);
    teamsWithMembers += hasMembers(team) - hasMembers(before);
  });
  plays.diff(previous.plays, (teamId) => changedTeams.add(teamId));
  for (const teamId of changedTeams) {
    const favourite = favouriteOf(teams, plays, questionSeq, teamId);
    if (favourite !== favouriteOf(previous.teams, previous.plays, questionSeq, teamId))
      teamFavorites = withEntry(teamFavorites, teamId, favourite);
  }
  users.diff(previous.users, (userId, user, before) => {
    const answer = singleAnswerOf(user, questionSeq);
    if (answer !== singleAnswerOf(before, questionSeq)) userAnswers = withEntry(userAnswers, userId, answer);
  });
  return { teams, plays, users, questionSeq, teamFavorites, userAnswers, teamsWithMembers };
}

/** Teams with a member connected now (presence is the server's: isOnline). */
export function onlineTeamCount(state: LiveState, isOnline: IsOnline): number {
  let online = 0;
  state.teams.forEach((team) => {
    if (team.memberIds.some(isOnline)) online++;
  });
  return online;
}

function sortedKeys(map: LiveState['hiddenPictures']): string[] {
  const names: string[] = [];
  map.forEach((_hidden, name) => names.push(name));
  return names.sort();
}

/** `lists` may be passed in by a caller that keeps them between states (keptModeratorLists); teams count as offline unless `isOnline` says otherwise. */
export function moderatorView(
  state: LiveState,
  lists = keptModeratorLists(state, undefined),
  isOnline: IsOnline = () => false,
): ModeratorView {
  const night = state.night;
  const quizzle = night?.quizzleAnswer ?? null;
  return {
    nightId: night?.id ?? null,
    currentQuiz: night?.quizId ?? null,
    currentRound: night?.round ?? null,
    currentQuestion: night?.number ?? null,
    timeLastChange: night?.timeLastChange ?? null,
    quizzleAnswer: quizzle
      ? {
          team: quizzle.teamId,
          teamName: state.teams.get(quizzle.teamId)?.name ?? MISSING_TEAM_NAME,
          answer: quizzle.answer,
        }
      : null,
    teamFavorites: lists.teamFavorites,
    userAnswers: lists.userAnswers,
    heal_deal: state.healDeal.settings,
    answer: night?.question?.answer ?? null,
    greetings: state.show.recentGreetings.map(({ id, name, message }) => ({ id, name, message })),
    favouriteCount: {
      teams: lists.teamsWithMembers,
      withFavourite: lists.teamFavorites.length,
      online: onlineTeamCount(state, isOnline),
    },
    hiddenPictures: sortedKeys(state.hiddenPictures),
    hiddenLobbyChat: state.show.hiddenLobbyChat.map(({ id, user, message }) => ({ id, user, message })),
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
    whole((s) => s.hiddenPictures),
    whole((s) => s.show.hiddenLobbyChat),
    // Teams online: a change of the teams (members) touches it; presence touches nothing, the server refreshes this scope whenever anyone comes or goes (everyonesPresence).
    keyedRead({
      of: (state, _key, isOnline) => onlineTeamCount(state, isOnline),
      touches: (state, previous) => (state.teams === previous.teams ? undefined : 'all'),
    }),
  ],
  everyonesPresence: true,
  keep: keptModeratorLists,
  view: (state, _key, isOnline, kept) => moderatorView(state, kept, isOnline),
};
