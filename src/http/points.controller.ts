import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pointsTable, teamsTxt } from '../../projections/read';
import { RUNTIME, type Runtime } from '../runtime';
import { readModelsCaughtUp } from './read-your-writes';
import { requestUser, requireRole } from './request-user';

/** Points from the read projection (PROTOCOL.md): the overview and the teams.txt export. */
@Controller('api/points')
export class PointsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** `{rounds, sortedTeams}`; `?sort=lastRound` orders by the last round instead of the total. */
  @Get(':quizId')
  async overview(@Param('quizId') quizId: string, @Query('sort') sort: string | undefined, @Req() request: Request) {
    requestUser(this.runtime, request);
    await readModelsCaughtUp(this.runtime);
    return pointsTable(this.runtime.storage.sql, quizId, sort === 'lastRound' ? 'lastRound' : 'total');
  }

  @Get(':quizId/teams.txt')
  async teamsTxt(@Param('quizId') quizId: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    requireRole(requestUser(this.runtime, request), 'moderator');
    await readModelsCaughtUp(this.runtime);
    const bytes = teamsTxt(await pointsTable(this.runtime.storage.sql, quizId));
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="teams.txt"');
    response.end(bytes);
  }
}
