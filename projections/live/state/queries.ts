/** Read helpers over the live state, shared by evolve, views and the deciders. */
import type { DrawnStroke, Question } from '../../../events';
import { freshPlay, type GlobalStateCode, type LiveState, type TeamLive, type TeamPlay, type UserLive } from './state';

export function isMaintenance(state: LiveState): boolean {
  return state.show.recheckAt > 0;
}

export function isQuestionOpen(state: LiveState): boolean {
  return state.night !== null && state.night.phase !== 'qn';
}

export function globalStateCode(state: LiveState): GlobalStateCode {
  if (isMaintenance(state)) return 'ma';
  return state.night?.phase ?? 'qn';
}

export function openQuestion(state: LiveState): Question | null {
  return isQuestionOpen(state) ? (state.night?.question ?? null) : null;
}

/** The team's proposals etc. of the live question; stale ones (an older question) read as empty. */
export function teamPlay(state: LiveState, team: TeamLive): TeamPlay {
  return playOfTeam(state, team.id);
}

export function playOfTeam(state: LiveState, teamId: string): TeamPlay {
  return currentPlay(state, teamId) ?? freshPlay(state.questionSeq);
}

/** The team's play of the live question; null while the team has done nothing in it. */
export function currentPlay(state: LiveState, teamId: string): TeamPlay | null {
  const play = state.plays.get(teamId);
  return play !== undefined && play.seq === state.questionSeq ? play : null;
}

export function currentSingleAnswer(state: LiveState, user: UserLive): string | null {
  return user.singleAnswer && user.singleAnswer.seq === state.questionSeq ? user.singleAnswer.message : null;
}

/** The user's saved drawing of the live question (stored strokes), or null. */
export function currentDrawing(state: LiveState, user: UserLive): readonly DrawnStroke[] | null {
  return user.drawing && user.drawing.seq === state.questionSeq ? user.drawing.strokes : null;
}

export function findQuestion(content: readonly Question[], round: number, number: number): Question | undefined {
  return content.find((q) => q.round === round && q.number === number);
}

/**
 * Next question rule: number + 1 in the same round; if there is none, question 1 of round + 1;
 * if neither exists, there is no next question.
 */
export function nextQuestionPosition(
  content: readonly Question[],
  round: number,
  number: number,
): { round: number; number: number } | null {
  if (findQuestion(content, round, number + 1)) return { round, number: number + 1 };
  if (findQuestion(content, round + 1, 1)) return { round: round + 1, number: 1 };
  return null;
}

/** The proposal a member starred, or null. */
export function starOf(play: TeamPlay, userId: string): number | null {
  for (const s of play.stars) if (s.userId === userId) return s.key;
  return null;
}

/** How many stars each proposal has. */
export function starCounts(play: TeamPlay): Map<number, number> {
  const counts = new Map<number, number>();
  for (const s of play.stars) counts.set(s.key, (counts.get(s.key) ?? 0) + 1);
  return counts;
}
