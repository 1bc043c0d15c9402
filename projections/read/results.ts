/**
 * The results of a quiz for spreadsheets (GET /api/quizzes/:id/answers.csv, points.csv, stats.csv)
 * and the per-question statistics of the moderator's points page, all from the read projections:
 * answers (read_quiz_answers), points (read_team_round_points through pointsTable), teams and users.
 * People are named as read_users names them now: an erased person is `Gelöschtes Konto`.
 */
import type { Question } from '../../events';
import { MISSING_TEAM_NAME } from '../live/rules/names';
import { answerRating, percentOf, questionStats, type QuestionStats } from '../live/rules/results';
import { csvFile, type CsvCell } from './csv';
import { pointsTable } from './points';
import type { ReadSqlSession } from './sql';

/** One locked-in answer as answers.csv lists it. */
export interface ResultAnswer {
  round: number;
  num: number;
  /** The team's name; null for a player's own answer in single mode. */
  team: string | null;
  answer: string;
  /** Who wrote the answer that was locked in (the proposal's author, or the player in single mode). */
  proposedBy: string | null;
  points: number;
  checked: boolean;
  liked: boolean;
}

/** The quiz's content, or null when there is no such quiz. */
export async function quizContent(db: ReadSqlSession, quizId: string): Promise<Question[] | null> {
  const [quiz] = await db.query<{ content: Question[] }>('SELECT content FROM read_quizzes WHERE id = $1', [quizId]);
  return quiz ? quiz.content : null;
}

/**
 * Every answer locked in for the quiz, ordered by round, question, then team (or player) name
 * (case-insensitive) and answer id, so that two downloads list the rows alike.
 */
export async function resultAnswers(db: ReadSqlSession, quizId: string): Promise<ResultAnswer[]> {
  const rows = await db.query<{
    round: number;
    num: number;
    team_id: string | null;
    team_name: string | null;
    answer: string;
    author: string | null;
    author_name: string | null;
    player_name: string | null;
    points: number;
    checked: boolean;
    liked: boolean;
  }>(
    `SELECT a.round, a.num, a.team_id, t.name AS team_name, a.answer, a.quizzer AS author, q.name AS author_name,
            p.name AS player_name, a.points, a.checked, a.liked
     FROM read_quiz_answers a
     LEFT JOIN read_teams t ON t.id = a.team_id
     LEFT JOIN read_users p ON p.id = a.user_id
     LEFT JOIN read_users q ON q.id = a.quizzer
     WHERE a.quiz_id = $1
     ORDER BY a.round, a.num, lower(coalesce(t.name, p.name, '')), a.id`,
    [quizId],
  );
  return rows.map((r) => ({
    round: r.round,
    num: r.num,
    team: r.team_id === null ? null : (r.team_name ?? MISSING_TEAM_NAME),
    answer: r.answer,
    proposedBy: r.author === null ? null : r.author_name,
    points: Number(r.points),
    checked: r.checked,
    liked: r.liked,
  }));
}

/** The per-question statistics of the quiz (the one rule, questionStats), or null when there is no such quiz. */
export async function quizStats(db: ReadSqlSession, quizId: string): Promise<QuestionStats[] | null> {
  const content = await quizContent(db, quizId);
  if (content === null) return null;
  const answers = await db.query<{ round: number; num: number; points: number; checked: boolean }>(
    'SELECT round, num, points, checked FROM read_quiz_answers WHERE quiz_id = $1',
    [quizId],
  );
  return questionStats(
    answers.map((a) => ({ ...a, points: Number(a.points) })),
    content,
  );
}

/** The header rows of the three files (German, as the spreadsheets show them). */
export const RESULT_HEADERS = {
  answers: ['Runde', 'Frage', 'Team', 'Eingeloggte Antwort', 'Vorgeschlagen von', 'Bewertung', 'Gefällt', 'Punkte'],
  points: (rounds: readonly number[]) => ['Platz', 'Team', ...rounds.map((r) => `Runde ${r}`), 'Gesamt'],
  stats: ['Runde', 'Frage', 'Teams mit Antwort', 'Davon richtig', 'Anteil richtig (%)', 'Durchschnittliche Punkte'],
} as const;

/** The tester's like, as answers.csv writes it. */
export const likedText = (liked: boolean): string => (liked ? 'ja' : 'nein');

/** answers.csv: one row per locked-in answer (team and question). */
export function answersCsv(answers: readonly ResultAnswer[]): Buffer {
  return csvFile(
    RESULT_HEADERS.answers,
    answers.map((a): CsvCell[] => [
      a.round,
      a.num,
      a.team,
      a.answer,
      a.proposedBy,
      answerRating(a),
      likedText(a.liked),
      a.points,
    ]),
  );
}

/** points.csv: rank, team, points per round and total, in the ranking's order (the points table's rankTeams). */
export async function pointsCsv(db: ReadSqlSession, quizId: string): Promise<Buffer> {
  const table = await pointsTable(db, quizId);
  return csvFile(
    RESULT_HEADERS.points(table.rounds),
    table.sortedTeams.map((row): CsvCell[] => [
      row.rank,
      row.name,
      ...table.rounds.map((_, i) => row.rounds[i] ?? 0),
      row.total,
    ]),
  );
}

/** stats.csv: one row per question; share and average stay empty while nobody answered. */
export function statsCsv(stats: readonly QuestionStats[]): Buffer {
  return csvFile(
    RESULT_HEADERS.stats,
    stats.map((s): CsvCell[] => [
      s.round,
      s.num,
      s.answered,
      s.right,
      s.shareRight === null ? null : percentOf(s.shareRight),
      s.averagePoints,
    ]),
  );
}
