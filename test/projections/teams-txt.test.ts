import type { PointsTable } from '../../events';
import { TEAMS_TXT_MARKER, teamsTxt } from '../../projections/read';

const row = (name: string, rounds: number[], rank: number) => ({
  teamId: name,
  name,
  rounds,
  total: rounds.reduce((s, p) => s + p, 0),
  rank,
  place: rank <= 3 ? rank : 4,
});

describe('teams.txt', () => {
  it('an empty table is the byte-order mark and the marker line', () => {
    expect(teamsTxt({ rounds: [], sortedTeams: [] })).toEqual(Buffer.from(`\uFEFF${TEAMS_TXT_MARKER}\r\n`, 'utf8'));
  });

  it('three rounds whatever the quiz has: missing rounds are 00, later rounds are left out', () => {
    const table: PointsTable = {
      rounds: [1, 2, 3, 4],
      sortedTeams: [row('Vier Runden', [1, 2, 3, 4], 1), row('Eine Runde', [7], 2)],
    };
    expect(teamsTxt(table).toString('utf8')).toBe(
      `\uFEFF${TEAMS_TXT_MARKER}\r\n01|02|03|Vier Runden|1\r\n07|00|00|Eine Runde|1\r\n`,
    );
  });

  it('names keep their umlauts (UTF-8) and cannot break the line format', () => {
    const table: PointsTable = { rounds: [1], sortedTeams: [row('Kölsche|Köpfe\r\nzwei', [12], 1)] };
    const text = teamsTxt(table).toString('utf8');
    expect(text.split('\r\n')).toEqual(['\uFEFF' + TEAMS_TXT_MARKER, '12|00|00|Kölsche Köpfe zwei|1', '']);
  });

  it('points are whole two-digit numbers as in the live export line: fractions cut, negatives 00', () => {
    const table: PointsTable = { rounds: [1, 2, 3], sortedTeams: [row('Bruch', [2.5, -1, 9], 1)] };
    expect(teamsTxt(table).toString('utf8')).toContain('\r\n02|00|09|Bruch|1\r\n');
  });
});
