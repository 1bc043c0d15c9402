import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RUNTIME, type Runtime } from '../runtime';
import { requestUser, requireRole } from './request-user';

const PAGE = 1000;

/** A night is one run of one quiz (docs/game-rules.md); its live game is the stream night-<id>. */
@Controller('api/nights')
export class NightsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  list(@Req() request: Request) {
    requireRole(requestUser(this.runtime, request), 'admin');
    const state = this.runtime.engine.live.state;
    const nights: object[] = [];
    state.nights.forEach((night) => nights.push({
      id: night.id, quizId: night.quizId, quizName: state.quizzes.get(night.quizId)?.name ?? null,
      startedAt: night.startedAt, endedAt: night.endedAt,
    }));
    return { data: nights };
  }

  /** The night's events as JSON Lines, in order, streamed page by page. */
  @Get(':id/events')
  async events(@Param('id') id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    requireRole(requestUser(this.runtime, request), 'admin');
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    let fromRevision = 0;
    for (;;) {
      const page = await this.runtime.storage.events.readStream(`night-${id}`, { fromRevision, limit: PAGE });
      if (page.length === 0) break;
      response.write(page.map((e) => JSON.stringify(e)).join('\n') + '\n');
      fromRevision = page[page.length - 1]!.revision + 1;
    }
    response.end();
  }
}
