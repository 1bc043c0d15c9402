/**
 * The points overview from the read model (GET /api/points/:quizId, the moderator's points page)
 * and its teams.txt export. Same shape and rules as the live `pointsOverview` (mup), so that
 * the published ranking and the page agree.
 */
import type { PointsRow, PointsTable } from '../../events';
import { MISSING_TEAM_NAME } from '../live/rules/names';
import { pointsExportLine, pointsInOrder, rankTeams, type PointsSort, type TeamPoints } from '../live/rules/points';
import type { ReadSqlSession } from './sql';

export type { PointsSort };

/**
 * Points per team and round of a quiz from the read model, ranked by the live rankTeams. The rounds
 * run from 1 to the highest round of the quiz's content or of any answer. `sort` only orders the
 * rows (pointsInOrder).
 */
export async function pointsTable(
  db: ReadSqlSession,
  quizId: string,
  sort: PointsSort = 'total',
): Promise<PointsTable> {
  const [quiz] = await db.query<{ max_round: number }>('SELECT max_round FROM read_quizzes WHERE id = $1', [quizId]);
  const rows = await db.query<{ team_id: string; name: string | null; round: number; points: number }>(
    `SELECT p.team_id, t.name, p.round, p.points FROM read_team_round_points p LEFT JOIN read_teams t ON t.id = p.team_id
     WHERE p.quiz_id = $1`,
    [quizId],
  );
  let maxRound = quiz?.max_round ?? 0;
  const perTeam = new Map<string, TeamPoints & { points: number[] }>();
  for (const row of rows) {
    maxRound = Math.max(maxRound, row.round);
    const team = perTeam.get(row.team_id) ?? { teamId: row.team_id, name: row.name ?? MISSING_TEAM_NAME, points: [] };
    team.points[row.round - 1] = Number(row.points);
    perTeam.set(row.team_id, team);
  }
  const table = rankTeams(maxRound, perTeam.values());
  return { rounds: table.rounds, sortedTeams: pointsInOrder(table, sort) };
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
  const [row] = await db.query<{
    published: boolean;
    quiz_id: string | null;
    rounds: number[];
    sorted_teams: PointsRow[];
  }>("SELECT published, quiz_id, rounds, sorted_teams FROM read_published_ranking WHERE id = 'show'");
  if (!row) return { published: false, quizId: null, points: { rounds: [], sortedTeams: [] } };
  return {
    published: row.published,
    quizId: row.quiz_id,
    points: { rounds: row.rounds, sortedTeams: row.sorted_teams },
  };
}
