import { Body, Controller, Get, HttpCode, HttpException, Inject, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { QuizLive, QuizResource, UserLive } from '../../projections/live';
import { RUNTIME, type Runtime } from '../runtime';
import { httpError, rejectionError } from './http-errors';
import { attributesOf } from './json-api';
import { previewQuizImport } from './quiz-import';
import { actorOf, AUTH_TEXTS, requestUser, requireRole } from './request-user';

export const QUIZ_TEXTS = {
  loadFailed: 'Es ist ein Fehler beim Laden vom Quiz aufgetreten, vermutlich wurde eine falsche QuizID angegeben.',
} as const;

function quizResource(quiz: QuizLive): QuizResource {
  return { type: 'quizzes', id: quiz.id, attributes: { name: quiz.name, yearWeek: quiz.yearWeek, content: quiz.content } };
}

function requireQuizReader(user: UserLive): void {
  if (!user.roles.includes('moderator') && !user.roles.includes('tester')) throw httpError(403, AUTH_TEXTS.forbidden);
}

@Controller('api/quizzes')
export class QuizzesController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** Newest first, as the config page lists them. */
  @Get()
  list(@Req() request: Request) {
    requireQuizReader(requestUser(this.runtime, request));
    const quizzes: QuizLive[] = [];
    this.runtime.engine.live.state.quizzes.forEach((quiz) => quizzes.push(quiz));
    return { data: quizzes.sort((a, b) => Number(b.id) - Number(a.id)).map(quizResource) };
  }

  @Get(':id')
  get(@Param('id') id: string, @Req() request: Request) {
    requireQuizReader(requestUser(this.runtime, request));
    const quiz = this.runtime.engine.live.state.quizzes.get(id);
    if (!quiz) throw httpError(404, QUIZ_TEXTS.loadFailed);
    return { data: quizResource(quiz) };
  }

  /**
   * TOML text (Content-Type text/plain or application/toml) → the parsed quiz as a preview; nothing
   * is saved. `?name=` and `?yearWeek=` from the form win over the file's own.
   */
  @Post('import')
  @HttpCode(200)
  import(@Body() body: unknown, @Query('name') name: string | undefined, @Query('yearWeek') yearWeek: string | undefined, @Req() request: Request) {
    requireRole(requestUser(this.runtime, request), 'moderator');
    const result = previewQuizImport(typeof body === 'string' ? body : '', { name, yearWeek });
    if (!result.ok) throw new HttpException({ errors: result.errors.map((e) => ({ status: '400', ...e })) }, 400);
    return result.preview;
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Req() request: Request) {
    const user = requestUser(this.runtime, request);
    const { name, yearWeek, content } = attributesOf(body);
    const outcome = await this.runtime.engine.pipeline.submit(
      { type: 'CreateQuiz', name: String(name ?? ''), yearWeek: String(yearWeek ?? ''), content: content as never },
      actorOf(user),
    );
    if (!outcome.ok) throw rejectionError(outcome);
    const created = outcome.events.find((e) => e.type === 'QuizCreated');
    return { data: quizResource(this.runtime.engine.live.state.quizzes.get(created!.data.quizId)!) };
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown, @Req() request: Request) {
    const user = requestUser(this.runtime, request);
    const { name, yearWeek, content } = attributesOf(body);
    const outcome = await this.runtime.engine.pipeline.submit(
      {
        type: 'EditQuiz', quizId: id,
        ...(name === undefined ? {} : { name: String(name) }),
        ...(yearWeek === undefined ? {} : { yearWeek: String(yearWeek) }),
        ...(content === undefined ? {} : { content: content as never }),
      },
      actorOf(user),
    );
    if (!outcome.ok) throw rejectionError(outcome);
    return { data: quizResource(this.runtime.engine.live.state.quizzes.get(id)!) };
  }
}
