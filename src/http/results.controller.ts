import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { answersCsv, pointsCsv, quizContent, quizStats, resultAnswers, statsCsv } from '../../projections/read';
import { httpError } from './http-errors';
import { LoggedIn } from './logged-in.guard';
import { ReadModelsFence } from './read-your-writes';
import { QUIZ_TEXTS } from '../edge-texts';
import type { SqlDatabase } from '../store/sql/sql-database';

/** Who may download a quiz's results: the crew that ran the night (PROTOCOL.md wave 4, "Results and statistics"). */
const RESULT_ROLES = ['moderator', 'admin'] as const;

const CSV_DESCRIPTION =
  '`text/csv; charset=utf-8`: UTF-8 with a byte-order mark, `;` between cells, CRLF, a German header row; ' +
  'text cells starting with `=`, `+`, `-`, `@`, a tab or CR get a leading apostrophe.';

/** The file name of a download: the quiz id (digits as the server makes them) and what it holds. */
function fileName(quizId: string, what: string): string {
  return `quiz-${quizId.replace(/[^A-Za-z0-9_-]/g, '')}-${what}.csv`;
}

/**
 * A quiz's results as spreadsheets and its per-question statistics, from the read projections (they
 * first catch up with the live state, like every read of /api/points).
 */
@ApiTags('quizzes')
@Controller('api/quizzes')
export class ResultsController {
  constructor(private readonly readModels: ReadModelsFence) {}

  /** The quiz must exist: an unknown id answers 404 with the config page's German text. The read models' database otherwise. */
  private async existingQuiz(quizId: string): Promise<SqlDatabase> {
    const sql = await this.readModels.caughtUp();
    if ((await quizContent(sql, quizId)) === null) throw httpError(404, QUIZ_TEXTS.loadFailed);
    return sql;
  }

  private static send(response: Response, bytes: Buffer, name: string): void {
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    response.setHeader('Cache-Control', 'no-store');
    response.end(bytes);
  }

  @Get(':id/answers.csv')
  @LoggedIn(...RESULT_ROLES)
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: `One row per team and question: Runde, Frage, Team, Eingeloggte Antwort, Vorgeschlagen von, Bewertung (richtig, falsch, ungeprüft), Gefällt (ja, nein), Punkte. ${CSV_DESCRIPTION}`,
  })
  @ApiNotFoundResponse({ description: 'No quiz with this id (German `detail`).' })
  async answers(@Param('id') quizId: string, @Res() response: Response): Promise<void> {
    const sql = await this.existingQuiz(quizId);
    ResultsController.send(response, answersCsv(await resultAnswers(sql, quizId)), fileName(quizId, 'antworten'));
  }

  @Get(':id/points.csv')
  @LoggedIn(...RESULT_ROLES)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: `The ranking: Platz, Team, Runde 1 … n, Gesamt. ${CSV_DESCRIPTION}` })
  @ApiNotFoundResponse({ description: 'No quiz with this id (German `detail`).' })
  async points(@Param('id') quizId: string, @Res() response: Response): Promise<void> {
    const sql = await this.existingQuiz(quizId);
    ResultsController.send(response, await pointsCsv(sql, quizId), fileName(quizId, 'punkte'));
  }

  @Get(':id/stats.csv')
  @LoggedIn(...RESULT_ROLES)
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: `Per question: Runde, Frage, Teams mit Antwort, Davon richtig, Anteil richtig (%), Durchschnittliche Punkte. ${CSV_DESCRIPTION}`,
  })
  @ApiNotFoundResponse({ description: 'No quiz with this id (German `detail`).' })
  async statsCsv(@Param('id') quizId: string, @Res() response: Response): Promise<void> {
    const sql = await this.readModels.caughtUp();
    const stats = await quizStats(sql, quizId);
    if (stats === null) throw httpError(404, QUIZ_TEXTS.loadFailed);
    ResultsController.send(response, statsCsv(stats), fileName(quizId, 'statistik'));
  }

  /** The same figures as stats.csv, for the moderator's points page. */
  @Get(':id/stats')
  @LoggedIn(...RESULT_ROLES)
  @ApiOkResponse({
    description:
      '`{questions: [{round, num, answered, right, shareRight (0 to 1, null without answers), averagePoints (null without answers)}]}`.',
  })
  @ApiNotFoundResponse({ description: 'No quiz with this id (German `detail`).' })
  async stats(@Param('id') quizId: string) {
    const sql = await this.readModels.caughtUp();
    const stats = await quizStats(sql, quizId);
    if (stats === null) throw httpError(404, QUIZ_TEXTS.loadFailed);
    return { questions: stats };
  }
}
