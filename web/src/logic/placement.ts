/** Points tables as the server sends them (mup replies and published points: the engine's PointsTable). */
import type { PointsRow, PointsTable } from '../../../events';

export type { PointsRow, PointsTable };

/** The image place of a rank: 1 to 3, everything else 4 (the server sends it with each row). */
export type Place = 1 | 2 | 3 | 4;

export function placeOf(row: PointsRow): Place {
  return row.place === 1 || row.place === 2 || row.place === 3 ? row.place : 4;
}

/** The points of the round at `index` in PointsTable.rounds; 0 when the row has none for it. */
export function roundPoints(row: PointsRow, index: number): number {
  return row.rounds[index] ?? 0;
}

export function hasPoints(points: PointsTable | null | undefined): points is PointsTable {
  return !!points && Array.isArray(points.sortedTeams) && points.sortedTeams.length > 0 && Array.isArray(points.rounds);
}
