import type { PointsRow, PointsTable } from '../../../events';
import { MISSING_TEAM_NAME } from './names';
import type { LiveState, ShowLive } from '../state/state';
import { knownEntry } from '../state/present';

/** A team's points by round: index round - 1; a round without points may be missing. */
export interface TeamPoints {
  readonly teamId: string;
  readonly name: string;
  readonly points: readonly (number | undefined)[];
}

/** How the moderator orders the points table: by total (the ranking) or by the last round. */
export type PointsSort = 'total' | 'lastRound';

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Image place on the points table: ranks 1 to 3 keep their place, anything else is place 4. */
export function placeForRank(rank: number): number {
  return rank >= 1 && rank <= 3 ? rank : 4;
}

/**
 * The ranking, the one rule for every points table: rounds 1 to `maxRound` (missing points count
 * 0), teams sorted by total (equal totals share a rank: 1, 1, 3), then by name (code points), each
 * with its image place (placeForRank).
 */
export function rankTeams(maxRound: number, teams: Iterable<TeamPoints>): PointsTable {
  const rounds = Array.from({ length: maxRound }, (_, i) => i + 1);
  const rows = [...teams].map((team) => {
    const perRound = rounds.map((r) => team.points[r - 1] ?? 0);
    return { teamId: team.teamId, name: team.name, rounds: perRound, total: perRound.reduce((s, p) => s + p, 0) };
  });
  rows.sort((a, b) => b.total - a.total || byName(a, b));
  const sortedTeams: PointsRow[] = [];
  rows.forEach((row, i) => {
    const rank = i > 0 && rows[i - 1].total === row.total ? sortedTeams[i - 1].rank : i + 1;
    sortedTeams.push({ ...row, rank, place: placeForRank(rank) });
  });
  return { rounds, sortedTeams };
}

/** The last round index (0-based) the placement walk places; every later round gives place 4. */
export const LAST_PLACED_ROUND_INDEX = 7;

/**
 * The placement walk (spec: "walks the rounds by rank of cumulative points, places 1-3, else 4";
 * "rounds beyond index 7 give placement 4"): for each round index, each row's rank by its points
 * summed up to and including that round (equal sums share a rank, as in rankTeams), as an image
 * place (placeForRank); a round past index 7 gives place 4. One list of places per row of
 * `table.sortedTeams`, one place per entry of `table.rounds`. Worked example in docs/decisions/spec-remainders.md.
 */
export function roundPlacements(table: PointsTable): number[][] {
  const cumulative = table.sortedTeams.map(() => 0);
  const places: number[][] = table.sortedTeams.map(() => []);
  table.rounds.forEach((_round, index) => {
    table.sortedTeams.forEach((row, i) => {
      cumulative[i] += row.rounds[index] ?? 0;
    });
    // rank = 1 + how many sums are higher: the first position of the sum in descending order.
    const descending = [...cumulative].sort((a, b) => b - a);
    const rankOf = new Map<number, number>();
    descending.forEach((sum, position) => {
      if (!rankOf.has(sum)) rankOf.set(sum, position + 1);
    });
    cumulative.forEach((sum, i) =>
      places[i].push(
        index > LAST_PLACED_ROUND_INDEX ? 4 : placeForRank(knownEntry(rankOf, sum, 'the rank of the sum')),
      ),
    );
  });
  return places;
}

/**
 * The table's rows in the chosen order: `total` keeps the ranking; `lastRound` sorts by the last
 * round's points, then by total, then by name. Rank and place stay those of the total.
 */
export function pointsInOrder(table: PointsTable, sort: PointsSort): PointsRow[] {
  const last = table.rounds.length - 1;
  if (sort === 'total' || last < 0) return table.sortedTeams;
  const lastRound = (row: PointsRow) => row.rounds[last] ?? 0;
  return [...table.sortedTeams].sort((a, b) => lastRound(b) - lastRound(a) || b.total - a.total || byName(a, b));
}

/**
 * The points overview of a quiz (mup): the team answers' points summed per round, rounds up to the
 * highest of the quiz's content and of any answer, ranked by rankTeams.
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
  const teams = [...perTeam].map(([teamId, points]) => ({
    teamId,
    name: state.teams.get(teamId)?.name ?? MISSING_TEAM_NAME,
    points,
  }));
  return rankTeams(maxRound, teams);
}

/** A teams.txt line: three two-digit round points separated by bars, the team name, then 1. */
export function pointsExportLine(row: PointsRow): string {
  const two = (n: number | undefined) => String(Math.max(0, Math.trunc(n ?? 0)) % 100).padStart(2, '0');
  return [two(row.rounds[0]), two(row.rounds[1]), two(row.rounds[2]), row.name, '1'].join('|');
}

/**
 * What published points cover (PROTOCOL.md wave 5, "What players and the host see"): the quiz, and
 * its rounds through the round of the night's last question that had ended when they were published
 * (a round still open then stays hidden); a quiz that is not the night's: every round of the table.
 */
export function pointsCoverOf(state: LiveState, quizId: string | null, points: PointsTable): ShowLive['pointsCover'] {
  const night = state.night;
  const id = quizId ?? night?.quizId ?? null;
  if (id === null) return null;
  if (!night || night.quizId !== id || night.round === null) return { quizId: id, throughRound: points.rounds.length };
  return { quizId: id, throughRound: night.phase === 'qn' ? night.round : night.round - 1 };
}

/** Whether a rating and points of this quiz's round may show to the team or player (published; hidden points stay hidden). */
export function pointsShownFor(show: ShowLive, quizId: string, round: number): boolean {
  const cover = show.pointsCover;
  return cover !== null && cover.quizId === quizId && round <= cover.throughRound;
}
