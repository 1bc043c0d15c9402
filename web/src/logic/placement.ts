/** Points tables as the server sends them (mup replies and published points: the engine's PointsTable). */
import type { PointsRow, PointsTable } from '../../../events';
import { roundPlacements } from '@live/rules/points';

export type { PointsRow, PointsTable };

/** The image place of a rank: 1 to 3, everything else 4 (the server sends it with each row). */
export type Place = 1 | 2 | 3 | 4;

function asPlace(place: number): Place {
  return place === 1 || place === 2 || place === 3 ? place : 4;
}

export function placeOf(row: PointsRow): Place {
  return asPlace(row.place);
}

/** Per row, its place after each round: the engine's placement walk (rank of the cumulative points). */
export function placesAfterRounds(table: PointsTable): Place[][] {
  return roundPlacements(table).map((places) => places.map(asPlace));
}

/** The points of the round at `index` in PointsTable.rounds; 0 when the row has none for it. */
export function roundPoints(row: PointsRow, index: number): number {
  return row.rounds[index] ?? 0;
}

export function hasPoints(points: PointsTable | null | undefined): points is PointsTable {
  return !!points && Array.isArray(points.sortedTeams) && points.sortedTeams.length > 0 && Array.isArray(points.rounds);
}
