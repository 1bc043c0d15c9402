/** Points page: ranking and the place image of each team. */

export interface PointsRow {
  id?: string | number;
  name: string;
  url?: string;
  /**
   * Points per round: keyed by the round as listed in PointsOverview.rounds, or (as the server's
   * `mup` and published points send them) a list in the order of PointsOverview.rounds.
   */
  rounds: Record<string, number> | number[];
  total?: number;
}

export interface PointsOverview {
  rounds: Array<string | number>;
  sortedTeams: PointsRow[];
}

export type Place = 1 | 2 | 3 | 4;

/** The points of one round (the round at `index` in PointsOverview.rounds); 0 when missing. */
export function roundPoints(row: PointsRow, index: number, round: string | number): number {
  const value = Array.isArray(row.rounds) ? row.rounds[index] : row.rounds?.[String(round)];
  return Number(value) || 0;
}

export function totalOf(row: PointsRow): number {
  if (typeof row.total === 'number') return row.total;
  return Object.values(row.rounds ?? {}).reduce((sum, points) => sum + (Number(points) || 0), 0);
}

export interface PlacedRow {
  row: PointsRow;
  rank: number;
  place: Place;
  total: number;
}

/** Standard competition ranking (ties share a rank: 1, 1, 3) on the total; places 1-3, everything else 4. */
export function placeTeams(rows: readonly PointsRow[]): PlacedRow[] {
  const withTotal = rows.map((row) => ({ row, total: totalOf(row) }));
  withTotal.sort((a, b) => b.total - a.total);
  return withTotal.map((entry) => {
    const rank = withTotal.findIndex((other) => other.total === entry.total) + 1;
    const place: Place = rank === 1 ? 1 : rank === 2 ? 2 : rank === 3 ? 3 : 4;
    return { row: entry.row, rank, place, total: entry.total };
  });
}

export function hasPoints(overview: Partial<PointsOverview> | null | undefined): overview is PointsOverview {
  return !!overview && Array.isArray(overview.sortedTeams) && overview.sortedTeams.length > 0
    && Array.isArray(overview.rounds);
}
