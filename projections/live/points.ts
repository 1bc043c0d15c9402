import type { PointsRow, PointsTable } from '../../events';
import { placeForRank } from './rules';
import type { LiveState } from './state';

/**
 * The points overview of a quiz (mup): the team answers' points summed per round, teams sorted by
 * total (ties share a rank, then by name), each with its image place.
 */
export function pointsOverview(state: LiveState, quizId: string): PointsTable {
  const quiz = state.quizzes.get(quizId);
  let maxRound = 0;
  for (const q of quiz?.content ?? []) maxRound = Math.max(maxRound, q.round);
  const perTeam = new Map<string, number[]>();
  state.answers.forEach((a) => {
    if (a.quizId !== quizId || a.teamId === null) return;
    maxRound = Math.max(maxRound, a.round);
    const rounds = perTeam.get(a.teamId) ?? [];
    rounds[a.round - 1] = (rounds[a.round - 1] ?? 0) + a.points;
    perTeam.set(a.teamId, rounds);
  });
  const rounds = Array.from({ length: maxRound }, (_, i) => i + 1);
  const rows = [...perTeam].map(([teamId, pts]) => {
    const perRound = rounds.map((r) => pts[r - 1] ?? 0);
    return { teamId, name: state.teams.get(teamId)?.name ?? '(kein Team)', rounds: perRound, total: perRound.reduce((s, p) => s + p, 0) };
  });
  rows.sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const sortedTeams: PointsRow[] = [];
  rows.forEach((row, i) => {
    const rank = i > 0 && rows[i - 1].total === row.total ? sortedTeams[i - 1].rank : i + 1;
    sortedTeams.push({ ...row, rank, place: placeForRank(rank) });
  });
  return { rounds, sortedTeams };
}

/** A teams.txt line: three two-digit round points separated by bars, the team name, then 1. */
export function pointsExportLine(row: PointsRow): string {
  const two = (n: number | undefined) => String(Math.max(0, Math.trunc(n ?? 0)) % 100).padStart(2, '0');
  return [two(row.rounds[0]), two(row.rounds[1]), two(row.rounds[2]), row.name, '1'].join('|');
}
