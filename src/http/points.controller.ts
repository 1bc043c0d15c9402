import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pointsTable, teamsTxt } from '../../projections/read';
import { RUNTIME, type Runtime } from '../runtime';
import { readModelsCaughtUp } from './read-your-writes';
import { LoggedIn } from './logged-in.guard';

/** Points from the read projection (PROTOCOL.md): the overview and the teams.txt export. */
@ApiTags('points')
@Controller('api/points')
export class PointsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** `{rounds, sortedTeams}`; `?sort=lastRound` orders by the last round instead of the total. */
  @Get(':quizId')
  @LoggedIn()
  @ApiQuery({ name: 'sort', required: false, enum: ['total', 'lastRound'] })
  @ApiOkResponse({ description: '`{rounds, sortedTeams}` from the read projection.' })
  async overview(@Param('quizId') quizId: string, @Query('sort') sort: string | undefined) {
    await readModelsCaughtUp(this.runtime);
    return pointsTable(this.runtime.storage.sql, quizId, sort === 'lastRound' ? 'lastRound' : 'total');
  }

  @Get(':quizId/teams.txt')
  @LoggedIn('moderator')
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'The spec\'s export format (BOM, marker line, CRLF).' })
  async teamsTxt(@Param('quizId') quizId: string, @Res() response: Response): Promise<void> {
    await readModelsCaughtUp(this.runtime);
    const bytes = teamsTxt(await pointsTable(this.runtime.storage.sql, quizId));
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="teams.txt"');
    response.end(bytes);
  }
}
