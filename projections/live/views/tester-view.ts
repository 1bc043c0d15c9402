/** The testers' view: every answer of the quiz they check, with its rating, and the night's position. */
import type { PersistentMap } from '../state/persistent-map';
import { globalStateCode } from '../state/queries';
import { MISSING_TEAM_NAME } from '../rules/names';
import type { AnswerLive, GlobalStateCode, LiveState, TeamLive } from '../state/state';
import { whole } from './reads';
import type { ScopeDefinition, ScopeKeyOf } from './scope-definition';
import { teamChanges } from './team-changes';

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

export function testerAnswerView(a: AnswerLive, team: TeamLive | undefined): TesterAnswerView {
  return {
    id: a.id,
    quizId: a.quizId,
    round: a.round,
    num: a.num,
    teamId: a.teamId,
    team: a.teamId ? (team?.name ?? MISSING_TEAM_NAME) : null,
    userId: a.userId,
    answer: a.answer,
    points: a.points,
    checked: a.checked,
    liked: a.liked,
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
    else if (index !== undefined)
      (list ??= kept.list.slice())[index] = testerAnswerView(
        answer,
        answer.teamId ? state.teams.get(answer.teamId) : undefined,
      );
  });
  return cameOrWent ? null : (list ?? kept.list);
}

/** `answers` may be passed in by a caller that keeps them between states (keptTesterAnswers). */
export function testerView(state: LiveState, answers = testerAnswers(state)): TesterView {
  const night = state.night;
  return {
    quiz: testerQuiz(state),
    round: night?.round ?? null,
    question: night?.number ?? null,
    state: globalStateCode(state),
    countdownEndsAt: night?.countdown?.endsAt ?? null,
    checking: state.checking.toObject(),
    answers,
  };
}

export const testerScope: ScopeDefinition<ScopeKeyOf<'tester'>, TesterView, KeptTesterAnswers> = {
  reads: [
    whole((s) => s.night),
    whole((s) => s.show),
    whole((s) => s.answers),
    whole((s) => s.teams),
    whole((s) => s.checking),
  ],
  keep: keptTesterAnswers,
  view: (state, _key, _isOnline, kept) => testerView(state, kept?.list),
};
