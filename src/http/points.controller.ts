import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Role } from '../../events';
import type { UserLive } from '../../projections/live';
import { pointsTable, publishedRanking, teamsTxt } from '../../projections/read';
import { ReadModelsFence } from './read-your-writes';
import { httpError } from './http-errors';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { POINTS_TEXTS } from '../edge-texts';

/** Who sees the points while they are being rated (PROTOCOL.md, "Points are the server's"). */
const RUNNING_TOTALS_ROLES: readonly Role[] = ['moderator', 'tester'];

/** Points from the read projection (PROTOCOL.md): the overview and the teams.txt export. */
@ApiTags('points')
@Controller('api/points')
export class PointsController {
  constructor(private readonly readModels: ReadModelsFence) {}

  /**
   * `{rounds, sortedTeams}`: the running totals for moderators and testers (`?sort=lastRound` orders by the
   * last round instead of the total); for everyone else the ranking the moderator published (mp), and
   * 404 before one is published for this quiz: players never read totals while testers rate.
   */
  @Get(':quizId')
  @LoggedIn()
  @ApiQuery({ name: 'sort', required: false, enum: ['total', 'lastRound'] })
  @ApiOkResponse({ description: '`{rounds, sortedTeams}` from the read projection (players: the published ranking).' })
  @ApiNotFoundResponse({
    description: 'A player asking before the ranking of this quiz is published (German `detail`).',
  })
  async overview(
    @Param('quizId') quizId: string,
    @Query('sort') sort: string | undefined,
    @CurrentUser() user: UserLive,
  ) {
    const sql = await this.readModels.caughtUp();
    if (user.roles.some((role) => RUNNING_TOTALS_ROLES.includes(role))) {
      return pointsTable(sql, quizId, sort === 'lastRound' ? 'lastRound' : 'total');
    }
    const published = await publishedRanking(sql);
    if (!published.published || published.quizId !== quizId) throw httpError(404, POINTS_TEXTS.notPublished);
    return published.points;
  }

  @Get(':quizId/teams.txt')
  @LoggedIn('moderator')
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: "The spec's export format (BOM, marker line, CRLF)." })
  async teamsTxt(@Param('quizId') quizId: string, @Res() response: Response): Promise<void> {
    const sql = await this.readModels.caughtUp();
    const bytes = teamsTxt(await pointsTable(sql, quizId));
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="teams.txt"');
    response.end(bytes);
  }
}
