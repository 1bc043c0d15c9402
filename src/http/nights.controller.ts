import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { NightListEntry } from '../../wire';
import { nightWithDependencies, toNightExport } from '../replay/night-events';
import { Engine } from '../engine/engine';
import type { Storage } from '../store/storage';
import { STORAGE } from '../tokens';
import { httpError } from './http-errors';
import { LoggedIn } from './logged-in.guard';

const PAGE = 1000;

/** A night is one run of one quiz (docs/game-rules.md); its live game is the stream night-<id>. */
@ApiTags('nights')
@Controller('api/nights')
@LoggedIn('admin')
export class NightsController {
  constructor(
    private readonly engine: Engine,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [{id, quizId, quizName, startedAt, endedAt}]}`' })
  list() {
    const state = this.engine.live.state;
    const nights: NightListEntry[] = [];
    state.nights.forEach((night) =>
      nights.push({
        id: night.id,
        quizId: night.quizId,
        quizName: state.quizzes.get(night.quizId)?.name ?? null,
        startedAt: night.startedAt,
        endedAt: night.endedAt,
      }),
    );
    return { data: nights };
  }

  /** The night and the events it depends on (users, teams, quiz, show settings), as JSON Lines: what `npm run night -- export` writes. */
  @Get(':id/export')
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description:
      'JSON Lines: a header line `{format, formatVersion, eventVersions, exportedAt}`, then one stored event per line (a download: night-<id>.jsonl).',
  })
  @ApiNotFoundResponse({ description: 'No night with this id.' })
  async export(@Param('id') id: string, @Res() response: Response): Promise<void> {
    const events = await nightWithDependencies(this.storage.events, id);
    if (!events) throw httpError(404, `Es gibt keinen Abend mit der Nummer ${id}.`);
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="night-${id}.jsonl"`);
    response.end(toNightExport(events, new Date()));
  }

  /** The night's own stream as JSON Lines, in order, streamed page by page. */
  @Get(':id/events')
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({ description: 'JSON Lines, one stored event per line.' })
  async events(@Param('id') id: string, @Res() response: Response): Promise<void> {
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    let fromRevision = 0;
    for (;;) {
      const page = await this.storage.events.readStream(`night-${id}`, { fromRevision, limit: PAGE });
      const last = page.at(-1);
      if (last === undefined) break;
      response.write(page.map((e) => JSON.stringify(e)).join('\n') + '\n');
      fromRevision = last.revision + 1;
    }
    response.end();
  }
}
