/**
 * The lock-in rule: which answers the end of a question (countdown expiry or mn) takes, and why.
 * Team mode: each team's favourite; without one, of several proposals the most-starred (the latest
 * on a tie); else its only proposal; chat entries never count; a team without proposals gets no
 * answer. Single-player mode: each user's current answer.
 */
import type { LockedAnswer, LockInBasis, Question } from '../../../events';
import { currentSingleAnswer, starCounts, teamPlay } from '../state/queries';
import type { LiveState, ProposalLive, TeamPlay } from '../state/state';

/** What a team that proposed nothing is shown as its answer. */
export const NO_PROPOSALS_MESSAGE = 'Es wurden keine Vorschläge eingegeben.';

export interface TeamAnswerChoice {
  readonly proposal: ProposalLive;
  readonly basis: Exclude<LockInBasis, 'single'>;
}

/** The proposal a team's play gives as its answer, and why; null when it has no proposal. */
export function teamAnswerChoice(play: TeamPlay): TeamAnswerChoice | null {
  const candidates = play.proposals.filter((p) => !p.chat);
  const favourite = candidates.find((p) => p.key === play.favourite);
  if (favourite) return { proposal: favourite, basis: 'favourite' };
  if (candidates.length === 0) return null;
  if (candidates.length === 1) return { proposal: candidates[0], basis: 'only' };
  const stars = starCounts(play);
  let best = candidates[0];
  for (const p of candidates) {
    const diff = (stars.get(p.key) ?? 0) - (stars.get(best.key) ?? 0);
    if (diff > 0 || (diff === 0 && p.key > best.key)) best = p;
  }
  return { proposal: best, basis: 'stars' };
}

/** Whether the end of a question of this type locks answers in: not instructions, not heal and deal. */
export function locksInAnswers(type: Question['type']): boolean {
  return type !== 'instruction' && type !== 'heal_deal';
}

function byId<T extends { id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The answers the end of the live question locks in, ordered by team (or user) id. The answer ids
 * come from `ids.newId` (the command context), so the rule stays pure.
 */
export function lockInAnswers(state: LiveState, ids: { readonly newId: () => string }): LockedAnswer[] {
  const night = state.night;
  if (!night?.question) return [];
  if (!locksInAnswers(night.question.type)) return [];
  const answers: LockedAnswer[] = [];
  if (night.mode === 'single') {
    for (const user of state.users.values().sort(byId)) {
      const answer = currentSingleAnswer(state, user);
      if (answer !== null) {
        answers.push({
          answerId: ids.newId(),
          teamId: null,
          userId: user.id,
          answer,
          author: user.id,
          proposalKey: null,
          basis: 'single',
        });
      }
    }
    return answers;
  }
  for (const team of state.teams.values().sort(byId)) {
    const chosen = teamAnswerChoice(teamPlay(state, team));
    if (chosen) {
      const { proposal, basis } = chosen;
      answers.push({
        answerId: ids.newId(),
        teamId: team.id,
        userId: null,
        answer: proposal.message,
        author: proposal.userId,
        proposalKey: proposal.key,
        basis,
      });
    }
  }
  return answers;
}
