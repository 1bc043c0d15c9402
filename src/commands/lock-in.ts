/**
 * What happens at the end of a question (countdown expiry or mn): the answers are locked in.
 * Team mode: each team's favourite; without a favourite, its most-starred proposal (the latest on
 * a tie); chat entries never count; a team without proposals gets no answer.
 * Single-player mode: each user's current answer.
 */
import type { LockedAnswer } from '../../events';
import { currentSingleAnswer, starCounts, teamPlay, type LiveState, type ProposalLive, type TeamPlay } from '../../projections/live';
import type { DecisionContext } from './decision';

export function teamAnswerOf(play: TeamPlay): ProposalLive | null {
  const candidates = play.proposals.filter((p) => !p.chat);
  const favorite = candidates.find((p) => p.key === play.favorite);
  if (favorite) return favorite;
  if (candidates.length === 0) return null;
  const stars = starCounts(play);
  let best = candidates[0];
  for (const p of candidates) {
    const diff = (stars.get(p.key) ?? 0) - (stars.get(best.key) ?? 0);
    if (diff > 0 || (diff === 0 && p.key > best.key)) best = p;
  }
  return best;
}

function byId<T extends { id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function lockInAnswers(state: LiveState, ctx: DecisionContext): LockedAnswer[] {
  const night = state.night;
  if (!night?.question) return [];
  const type = night.question.type;
  if (type === 'instruction' || type === 'heal_deal') return [];
  const answers: LockedAnswer[] = [];
  if (night.mode === 'single') {
    for (const user of state.users.values().sort(byId)) {
      const answer = currentSingleAnswer(state, user);
      if (answer !== null) answers.push({ answerId: ctx.newId(), teamId: null, userId: user.id, answer, author: user.id });
    }
    return answers;
  }
  for (const team of state.teams.values().sort(byId)) {
    const chosen = teamAnswerOf(teamPlay(state, team));
    if (chosen) answers.push({ answerId: ctx.newId(), teamId: team.id, userId: null, answer: chosen.message, author: chosen.userId });
  }
  return answers;
}
