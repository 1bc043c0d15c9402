/**
 * The placement walk (spec: "walks the rounds by rank of cumulative points, places 1-3, else 4";
 * "rounds beyond index 7 give placement 4"): the worked example of docs/decisions/spec-remainders.md as a table test.
 */
import { LAST_PLACED_ROUND_INDEX, rankTeams, roundPlacements, type TeamPoints } from '../../projections/live';

const team = (name: string, points: number[]): TeamPoints => ({ teamId: name.toLowerCase(), name, points });

describe('placement walk over the rounds', () => {
  // Given these points per round ...
  const table = rankTeams(3, [
    team('Alpha', [5, 0, 1]), // cumulative 5, 5, 6
    team('Beta', [2, 4, 0]), //  cumulative 2, 6, 6
    team('Gamma', [1, 1, 6]), // cumulative 1, 2, 8
    team('Delta', [0, 0, 0]), // cumulative 0, 0, 0
  ]);

  it('given the worked example, then the ranking by total is Gamma, Alpha and Beta (sharing rank 2), Delta (rank 4)', () => {
    expect(table.sortedTeams.map((r) => [r.name, r.total, r.rank, r.place])).toEqual([
      ['Gamma', 8, 1, 1],
      ['Alpha', 6, 2, 2],
      ['Beta', 6, 2, 2],
      ['Delta', 0, 4, 4],
    ]);
  });

  it.each([
    // row,     after round 1, 2, 3
    ['Gamma', [3, 3, 1]],
    ['Alpha', [1, 2, 2]],
    ['Beta', [2, 1, 2]],
    ['Delta', [4, 4, 4]],
  ])(
    'when walking the rounds, then %s is placed %j (rank of the cumulative points; equal sums share the place)',
    (name, places) => {
      const index = table.sortedTeams.findIndex((r) => r.name === name);
      expect(roundPlacements(table)[index]).toEqual(places);
    },
  );

  it("the walk ends at the ranking: with up to 8 rounds the last round's place is the row's place", () => {
    const walk = roundPlacements(table);
    table.sortedTeams.forEach((row, i) => expect(walk[i][walk[i].length - 1]).toBe(row.place));
  });

  it('ranks beyond 3 are place 4 however far down', () => {
    const five = rankTeams(1, [team('A', [9]), team('B', [8]), team('C', [7]), team('D', [6]), team('E', [5])]);
    expect(roundPlacements(five).map((places) => places[0])).toEqual([1, 2, 3, 4, 4]);
  });

  it('rounds beyond index 7 (round 9 on) give placement 4, whatever the rank', () => {
    expect(LAST_PLACED_ROUND_INDEX).toBe(7);
    const ten = rankTeams(10, [team('Vorn', Array(10).fill(2)), team('Hinten', Array(10).fill(1))]);
    expect(roundPlacements(ten)).toEqual([
      [1, 1, 1, 1, 1, 1, 1, 1, 4, 4],
      [2, 2, 2, 2, 2, 2, 2, 2, 4, 4],
    ]);
    // The row's own place stays the total's (the medal); only the walk stops placing after index 7.
    expect(ten.sortedTeams.map((r) => r.place)).toEqual([1, 2]);
  });

  it('a published table whose rows miss a round counts 0 there; no rows, no places', () => {
    expect(
      roundPlacements({
        rounds: [1, 2],
        sortedTeams: [
          { teamId: 'a', name: 'A', rounds: [1], total: 1, rank: 1, place: 1 },
          { teamId: 'b', name: 'B', rounds: [0, 3], total: 3, rank: 1, place: 1 },
        ],
      }),
    ).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(roundPlacements({ rounds: [1, 2, 3], sortedTeams: [] })).toEqual([]);
  });
});
