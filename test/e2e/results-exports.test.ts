import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPglite } from '../../src/store/sql/pglite-template';
import { seedShow, SINGLE_QUESTION, type SeededNight } from '../support/seed-show';
import { testDatabaseUrl } from '../support/test-database';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerAndLogin,
  seedUserWithRoles,
  startTestServer,
  type TestServer,
} from './support/test-server';

const TEAMS = 1000;
const ERASED = 'Gelöschtes Konto';
const BOM = [0xef, 0xbb, 0xbf];

/** A cell's text as the export writes text: a leading apostrophe before what a spreadsheet would run as a formula. */
const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
/** A number cell back to a number: decimal comma, empty is null. */
const numberOf = (cell: string | null) => (cell === null ? null : Number(cell.replace(',', '.')));
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The CSV parser of PostgreSQL (COPY … FORMAT csv, in an in-memory PGlite): a parser we did not write,
 * reading `;` separators, quoted cells with doubled quotes and line breaks. Returns the header and the rows.
 */
async function parseCsv(
  parser: PGlite,
  bytes: Buffer,
): Promise<{ header: string[]; rows: Array<Array<string | null>> }> {
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  // The column count from the header line (header cells hold no separator).
  const columns = text.slice(0, text.indexOf('\r\n')).split(';').length;
  const names = Array.from({ length: columns }, (_, i) => `c${i}`);
  await parser.exec(
    `DROP TABLE IF EXISTS csv; CREATE TABLE csv (n serial, ${names.map((c) => `${c} text`).join(', ')})`,
  );
  await parser.query(`COPY csv (${names.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv, DELIMITER ';')`, [], {
    blob: new Blob([text]),
  });
  const { rows } = await parser.query<Record<string, string | null>>(`SELECT ${names.join(', ')} FROM csv ORDER BY n`);
  const all = rows.map((row) => names.map((c) => row[c]));
  return { header: all[0] as string[], rows: all.slice(1) };
}

/**
 * The results exports on a seeded night of 1,000 teams (PROTOCOL.md wave 4, "Results and statistics"):
 * each file downloaded as the moderator's browser does, parsed back by PostgreSQL's CSV parser and
 * compared with the read projections' tables. Some teams' names and answers hold separators, quotes,
 * line breaks and formulas; one player who proposed answers is erased before the download.
 */
describe('results exports: answers.csv, points.csv, stats.csv', () => {
  let env: TestServer;
  let night: SeededNight;
  let parser: PGlite;
  let moderator: string;
  let admin: string;
  let erasedId: string;
  const query = <T>(sql: string, params: unknown[] = []) => env.server.runtime.storage.sql.query<T>(sql, params);
  const download = async (file: string, token: string) => {
    const response = await fetch(`${env.url}/api/quizzes/${night.quizId}/${file}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };
  const caughtUp = async () =>
    env.server.runtime.readModels.runner.waitFor(await env.server.storage.events.lastPosition());

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'quiz-e2e-results-'));
    const database = await testDatabaseUrl();
    night = await seedShow({ dataDir, databaseUrl: database.url }, { teams: TEAMS, tricky: true });
    env = await startTestServer({}, dataDir, {}, database);
    parser = await createPglite(PGlite); // an in-memory PGlite from the product's initdb template
    await caughtUp();
    admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    moderator = (await seedUserWithRoles(env, 'moderatorin', ['moderator'])).token;
    // A player who proposed an answer of a tricky team asks to be forgotten.
    [{ quizzer: erasedId }] = await query<{ quizzer: string }>(
      `SELECT a.quizzer FROM read_quiz_answers a JOIN read_teams t ON t.id = a.team_id WHERE t.name LIKE '=1+1%' ORDER BY a.id LIMIT 1`,
    );
    expect(
      (await api(env.url, 'DELETE', `/api/users/${erasedId}`, { currentPassword: ADMIN_PASSWORD }, admin)).status,
    ).toBe(204);
    await caughtUp();
  }, 300_000);

  afterAll(async () => {
    await parser?.close();
    await env?.destroy();
  });

  it('answer moderators and admins only: no token 401, a player 403, an unknown quiz 404', async () => {
    const player = await registerAndLogin(env.url, 'neugierig');
    for (const file of ['answers.csv', 'points.csv', 'stats.csv', 'stats']) {
      expect((await download(file, '')).status).toBe(401);
      expect((await download(file, player.token)).status).toBe(403);
      expect((await download(file, moderator)).status).toBe(200);
      expect((await download(file, admin)).status).toBe(200);
      const unknown = await api(env.url, 'GET', `/api/quizzes/999999/${file}`, undefined, admin);
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors[0].detail).toMatch(/falsche QuizID/);
    }
  });

  it("answers.csv holds one row per locked-in answer with the projection's team, answer, author, rating, like and points", async () => {
    const file = await download('answers.csv', moderator);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toBe(`attachment; filename="quiz-${night.quizId}-antworten.csv"`);
    const { header, rows } = await parseCsv(parser, file.bytes);
    expect(header).toEqual([
      'Runde',
      'Frage',
      'Team',
      'Eingeloggte Antwort',
      'Vorgeschlagen von',
      'Bewertung',
      'Gefällt',
      'Punkte',
    ]);

    const projected = await query<{
      round: number;
      num: number;
      team: string;
      answer: string;
      author: string;
      checked: boolean;
      liked: boolean;
      points: number;
    }>(
      `SELECT a.round, a.num, t.name AS team, a.answer, u.name AS author, a.checked, a.liked, a.points
       FROM read_quiz_answers a JOIN read_teams t ON t.id = a.team_id JOIN read_users u ON u.id = a.quizzer WHERE a.quiz_id = $1`,
      [night.quizId],
    );
    expect(projected).toHaveLength(night.lockedIn);
    const line = (cells: unknown[]) => JSON.stringify(cells);
    const expected = projected.map((a) =>
      line([
        String(a.round),
        String(a.num),
        guarded(a.team),
        guarded(a.answer),
        guarded(a.author),
        !a.checked ? 'ungeprüft' : Number(a.points) > 0 ? 'richtig' : 'falsch',
        a.liked ? 'ja' : 'nein',
        Number(a.points),
      ]),
    );
    const parsed = rows.map(([round, num, team, answer, author, rating, liked, points]) =>
      line([round, num, team, answer, author, rating, liked, numberOf(points)]),
    );
    expect(parsed.sort()).toEqual(expected.sort());

    // What the export had to survive is there, as text a spreadsheet does not run.
    const answers = new Set(rows.map((row) => row[3]));
    for (const tricky of [
      `'=HYPERLINK("http://böse.example";"klick")`,
      'Zeile 1\r\nZeile 2',
      'Köln; Bonn',
      'Sie sagte "Hallo"',
      "'-1",
      'Wagen\rrücklauf',
      "'@SUMME(A1:A2)",
    ]) {
      expect(answers).toContain(tricky);
    }
    expect(rows.some((row) => row[2]?.startsWith(`'=1+1 "Die; Eulen"`))).toBe(true);
    // The erased player is named as every export names them now.
    const erasedRows = projected.filter((a) => a.author === ERASED);
    expect(erasedRows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row[4] === ERASED)).toHaveLength(erasedRows.length);
    expect(file.bytes.includes(Buffer.from(erasedId))).toBe(false);
  });

  it('points.csv ranks every team with its points per round and total as the points projection has them', async () => {
    const file = await download('points.csv', admin);
    expect(file.type).toBe('text/csv; charset=utf-8');
    const { header, rows } = await parseCsv(parser, file.bytes);
    expect(header).toEqual(['Platz', 'Team', 'Runde 1', 'Gesamt']);

    const projected = await query<{ team: string; round: number; points: number }>(
      `SELECT t.name AS team, p.round, p.points FROM read_team_round_points p JOIN read_teams t ON t.id = p.team_id WHERE p.quiz_id = $1`,
      [night.quizId],
    );
    const totals = new Map<string, number>();
    for (const row of projected)
      totals.set(guarded(row.team), (totals.get(guarded(row.team)) ?? 0) + Number(row.points));
    expect(rows).toHaveLength(totals.size);
    const higher = (total: number) => [...totals.values()].filter((t) => t > total).length;
    let previousTotal = Infinity;
    for (const [rank, team, round1, total] of rows) {
      const expectedTotal = totals.get(team!);
      expect(numberOf(total)).toBe(expectedTotal);
      expect(numberOf(round1)).toBe(expectedTotal); // the night has one round
      expect(numberOf(rank)).toBe(1 + higher(expectedTotal!));
      expect(expectedTotal!).toBeLessThanOrEqual(previousTotal);
      previousTotal = expectedTotal!;
    }
  });

  it("stats.csv gives per question the answers, the right ones, the share and the average points of the answers projection, as the page's API does", async () => {
    const file = await download('stats.csv', moderator);
    const { header, rows } = await parseCsv(parser, file.bytes);
    expect(header).toEqual([
      'Runde',
      'Frage',
      'Teams mit Antwort',
      'Davon richtig',
      'Anteil richtig (%)',
      'Durchschnittliche Punkte',
    ]);

    const projected = await query<{ num: number; answered: string; right: string; points: number }>(
      `SELECT num, count(*) AS answered, count(*) FILTER (WHERE checked AND points > 0) AS right, sum(points) AS points
       FROM read_quiz_answers WHERE quiz_id = $1 GROUP BY num ORDER BY num`,
      [night.quizId],
    );
    const expected = Array.from({ length: SINGLE_QUESTION }, (_, i) => {
      const q = projected.find((p) => p.num === i + 1);
      const answered = Number(q?.answered ?? 0);
      const right = Number(q?.right ?? 0);
      return [
        1,
        i + 1,
        answered,
        right,
        answered ? round2((right / answered) * 100) : null,
        answered ? round2(Number(q!.points) / answered) : null,
      ];
    });
    expect(rows.map((row) => row.map(numberOf))).toEqual(expected);
    // Questions 1 to 3 are rated, 4 and 5 locked in but not rated, 6 still open in single mode.
    expect(expected.map(([, , answered, right]) => [answered! > 0, right! > 0])).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [true, false],
      [true, false],
      [false, false],
    ]);

    const page = await api(env.url, 'GET', `/api/quizzes/${night.quizId}/stats`, undefined, moderator);
    expect(
      page.body.questions.map((s: Record<string, number | null>) => [
        s.round,
        s.num,
        s.answered,
        s.right,
        s.shareRight === null ? null : round2(s.shareRight! * 100),
        s.averagePoints === null ? null : round2(s.averagePoints!),
      ]),
    ).toEqual(expected);
  });
});
