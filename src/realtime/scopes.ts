import type { Role } from '../../events';
import {
  currentPlay, currentSingleAnswer, globalView, healDealRound, healDealsView, moderatorView, teamView, testerAnswers, testerAnswerView,
  testerQuiz, testerView, userView, type AnswerLive, type GlobalView, type LiveState, type PersistentMap, type TesterAnswerView,
} from '../../projections/live';
import type { Presence } from './presence';

export type ScopeName = 'global' | 'team' | 'user' | 'moderator' | 'tester';

/** A scope instance: `global`, `team:<id>`, `user:<id>`, `moderator`, `tester`. */
export type ScopeKey = string;

export function scopeNameOf(key: ScopeKey): ScopeName {
  return key.split(':', 1)[0] as ScopeName;
}

/** The scopes a viewer receives pushes for (ARCHITECTURE.md rule 7). */
export function scopesOf(userId: string, teamId: string | null, roles: readonly Role[]): ScopeKey[] {
  const keys: ScopeKey[] = ['global', `user:${userId}`];
  if (teamId) keys.push(`team:${teamId}`);
  if (roles.includes('moderator')) keys.push('moderator');
  if (roles.includes('tester') || roles.includes('moderator')) keys.push('tester');
  return keys;
}

/**
 * The global view's `heal_deals` (one entry per team) kept while its inputs stay the same, so a
 * question start does not rebuild it, and the unchanged object is skipped by the patch at once.
 */
export class HealDealsMemo {
  private inputs: readonly unknown[] = [];
  private value: GlobalView['heal_deals'] | null = null;

  of(state: LiveState): GlobalView['heal_deals'] {
    const inputs = [state.teams, state.healDeal, healDealRound(state)];
    if (this.value === null || !sameInputs(inputs, this.inputs)) {
      this.value = healDealsView(state);
      this.inputs = inputs;
    }
    return this.value;
  }
}

interface KeptTesterAnswers {
  answers: PersistentMap<AnswerLive>;
  teams: LiveState['teams'];
  quiz: string;
  list: TesterAnswerView[];
  indexById: Map<string, number>;
}

/**
 * The tester view's answers (every answer of the quiz, thousands late in a night) kept between states.
 * A rating changes one answer: the persistent maps' diff finds it without visiting the others, the
 * kept list gets that entry replaced, and the patch passes over the rest at once (same objects).
 * Answers that came or went, another quiz or changed teams rebuild the list.
 */
export class TesterAnswersMemo {
  private kept: KeptTesterAnswers | null = null;

  of(state: LiveState): TesterAnswerView[] {
    const quiz = testerQuiz(state);
    const kept = this.kept;
    if (kept && kept.quiz === quiz && kept.teams === state.teams) {
      if (kept.answers === state.answers) return kept.list;
      const list = withRatings(kept, state);
      if (list) {
        this.kept = { ...kept, answers: state.answers, list };
        return list;
      }
    }
    const list = testerAnswers(state, quiz);
    this.kept = { answers: state.answers, teams: state.teams, quiz, list, indexById: new Map(list.map((a, i) => [a.id, i])) };
    return list;
  }
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

/** What a push hub keeps between two computations of the views that span all teams. */
export interface ViewMemos {
  healDeals: HealDealsMemo;
  testerAnswers: TesterAnswersMemo;
}

export function newViewMemos(): ViewMemos {
  return { healDeals: new HealDealsMemo(), testerAnswers: new TesterAnswersMemo() };
}

/** The view of one scope, with members' online flags from live connections. */
export function viewOf(key: ScopeKey, state: LiveState, presence: Presence, memos: ViewMemos): object | null {
  const [name, id] = key.split(':', 2) as [ScopeName, string | undefined];
  switch (name) {
    case 'global':
      return globalView(state, memos.healDeals.of(state));
    case 'moderator':
      return moderatorView(state);
    case 'tester':
      return testerView(state, memos.testerAnswers.of(state));
    case 'user':
      return userView(state, id!) ?? null;
    case 'team': {
      const view = teamView(state, id!);
      if (!view) return null;
      for (const [memberId, member] of Object.entries(view.members)) member.online = presence.isOnline(memberId);
      return view;
    }
  }
}

/**
 * Everything a scope's view is computed from, compared by reference: when none changed, the view
 * cannot have changed and is not recomputed. A proposal then touches its team's scope and the
 * moderator's only; the views that span all teams are rebuilt only when what they show changed.
 * Each list must name every part of the state its view function reads (projections/live/views.ts).
 */
export function inputsOf(key: ScopeKey, state: LiveState): readonly unknown[] {
  const [name, id] = key.split(':', 2) as [ScopeName, string | undefined];
  switch (name) {
    case 'global':
      return [state.night, state.show, state.teams, state.healDeal];
    case 'moderator':
      return [state.night, state.teams, state.plays, state.users, state.questionSeq, state.healDeal.settings];
    case 'tester':
      return [state.night, state.show, state.answers, state.teams, state.checking];
    case 'user': {
      const user = state.users.get(id!);
      return [user, user ? currentSingleAnswer(state, user) : null];
    }
    case 'team': {
      const team = state.teams.get(id!);
      if (!team) return [team];
      // The live play, null while empty (a stale play reads as empty): a new question only touches teams that had
      // proposals, and a proposal of one team leaves every other team's view alone. The view shows the names of
      // the members and of the authors of proposals and of the taken answer (who may have left the team since).
      const play = currentPlay(state, team.id);
      const users = team.memberIds.map((m) => state.users.get(m));
      for (const p of play?.proposals ?? []) if (!team.memberIds.includes(p.userId)) users.push(state.users.get(p.userId));
      if (team.takenAnswer?.userId) users.push(state.users.get(team.takenAnswer.userId));
      return [team, play, state.night?.lockedInSeq, ...users];
    }
  }
}

export function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
