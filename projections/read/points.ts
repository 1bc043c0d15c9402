/**
 * The points overview from the read model (GET /api/points/:quizId, the moderator's points page)
 * and its teams.txt export. Same shape and rules as the live `pointsOverview` (mup), so that
 * the published ranking and the page agree.
 */
import type { PointsRow, PointsTable } from '../../events';
import { pointsExportLine } from '../live/points';
import { placeForRank } from '../live/rules';
import type { ReadSqlSession } from './sql';

export type PointsSort = 'total' | 'lastRound';

/** The team name shown for points of a team that was deleted since. */
export const MISSING_TEAM_NAME = '(kein Team)';

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Points per team and round of a quiz. The rounds run from 1 to the highest round of the quiz's
 * content or of any answer; teams are ranked by total (equal totals share a rank, then by name)
 * and placed 1 to 3, anything else 4. `sort` only orders the rows: by total, or by the last round
 * (then by total).
 */
export async function pointsTable(db: ReadSqlSession, quizId: string, sort: PointsSort = 'total'): Promise<PointsTable> {
  const [quiz] = await db.query<{ max_round: number }>('SELECT max_round FROM read_quizzes WHERE id = $1', [quizId]);
  const rows = await db.query<{ team_id: string; name: string | null; round: number; points: number }>(
    `SELECT p.team_id, t.name, p.round, p.points FROM read_team_round_points p LEFT JOIN read_teams t ON t.id = p.team_id
     WHERE p.quiz_id = $1`,
    [quizId],
  );
  let maxRound = quiz?.max_round ?? 0;
  const perTeam = new Map<string, { name: string; points: number[] }>();
  for (const row of rows) {
    maxRound = Math.max(maxRound, row.round);
    const team = perTeam.get(row.team_id) ?? { name: row.name ?? MISSING_TEAM_NAME, points: [] };
    team.points[row.round - 1] = Number(row.points);
    perTeam.set(row.team_id, team);
  }
  const rounds = Array.from({ length: maxRound }, (_, i) => i + 1);
  const totals = [...perTeam].map(([teamId, team]) => {
    const perRound = rounds.map((r) => team.points[r - 1] ?? 0);
    return { teamId, name: team.name, rounds: perRound, total: perRound.reduce((s, p) => s + p, 0) };
  });
  totals.sort((a, b) => b.total - a.total || byName(a, b));
  const ranked: PointsRow[] = [];
  totals.forEach((row, i) => {
    const rank = i > 0 && totals[i - 1]!.total === row.total ? ranked[i - 1]!.rank : i + 1;
    ranked.push({ ...row, rank, place: placeForRank(rank) });
  });
  if (sort === 'lastRound' && rounds.length > 0) {
    const last = rounds.length - 1;
    ranked.sort((a, b) => b.rounds[last]! - a.rounds[last]! || b.total - a.total || byName(a, b));
  }
  return { rounds, sortedTeams: ranked };
}

/** The first line of teams.txt, which tells the graphics importer what follows (the spec leaves its text open). */
export const TEAMS_TXT_MARKER = '#QUIZSHOW-TEAMS';
const BOM = '\uFEFF';
const CRLF = '\r\n';

/** A name must not break the line format: line breaks and bars become spaces. */
function exportName(name: string): string {
  return name.replace(/[\r\n|]+/g, ' ').trim();
}

/**
 * teams.txt: a byte-order mark, the marker line, then one line per team in the table's order:
 * three two-digit round points separated by bars (00 where missing), the team name, then 1,
 * every line ending CRLF. UTF-8.
 */
export function teamsTxt(table: PointsTable): Buffer {
  const lines = table.sortedTeams.map((row) => pointsExportLine({ ...row, name: exportName(row.name) }));
  return Buffer.from(BOM + [TEAMS_TXT_MARKER, ...lines].map((line) => line + CRLF).join(''), 'utf8');
}

export interface PublishedRanking {
  published: boolean;
  quizId: string | null;
  points: PointsTable;
}

/** What the moderator published last (mp); unpublished until then. */
export async function publishedRanking(db: ReadSqlSession): Promise<PublishedRanking> {
  const [row] = await db.query<{ published: boolean; quiz_id: string | null; rounds: number[]; sorted_teams: PointsRow[] }>(
    "SELECT published, quiz_id, rounds, sorted_teams FROM read_published_ranking WHERE id = 'show'",
  );
  if (!row) return { published: false, quizId: null, points: { rounds: [], sortedTeams: [] } };
  return { published: row.published, quizId: row.quiz_id, points: { rounds: row.rounds, sortedTeams: row.sorted_teams } };
}
