import { Body, Controller, Get, HttpCode, HttpException, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { QuizLive, UserLive } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import type { QuizResource } from '../../wire';
import { Engine } from '../engine/engine';
import { QuizDto } from './dto/quizzes.dto';
import { httpError, rejectionError } from './http-errors';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { previewExampleQuiz, previewQuizImport } from './quiz-import';
import { actorOf } from './request-user';
import { ApiAttributesBody, Attributes } from './validation';
import { QUIZ_TEXTS } from '../edge-texts';

function quizResource(quiz: QuizLive): QuizResource {
  return {
    type: 'quizzes',
    id: quiz.id,
    attributes: { name: quiz.name, yearWeek: quiz.yearWeek, content: quiz.content },
  };
}

@ApiTags('quizzes')
@Controller('api/quizzes')
export class QuizzesController {
  constructor(private readonly engine: Engine) {}

  /** Newest first, as the config page lists them. */
  @Get()
  @LoggedIn('moderator', 'tester')
  @ApiOkResponse({
    description: 'Every quiz as JSON:API `quizzes` resources (id, name, yearWeek, content), newest first.',
  })
  list() {
    const quizzes: QuizLive[] = [];
    this.engine.live.state.quizzes.forEach((quiz) => quizzes.push(quiz));
    return { data: quizzes.sort((a, b) => Number(b.id) - Number(a.id)).map(quizResource) };
  }

  @Get(':id')
  @LoggedIn('moderator', 'tester')
  @ApiOkResponse({ description: 'The quiz as a JSON:API `quizzes` resource.' })
  @ApiNotFoundResponse({ description: 'No quiz with this id.' })
  async get(@Param('id') id: string) {
    const quiz = await this.engine.live.findCaughtUp((state) => state.quizzes.get(id)); // created through another instance
    if (!quiz) throw httpError(404, QUIZ_TEXTS.loadFailed);
    return { data: quizResource(quiz) };
  }

  /**
   * TOML text (Content-Type text/plain or application/toml) → the parsed quiz as a preview; nothing
   * is saved. `?name=` and `?yearWeek=` from the form win over the file's own.
   */
  @Post('import')
  @HttpCode(200)
  @LoggedIn('moderator')
  @ApiConsumes('application/toml', 'text/plain')
  @ApiBody({
    description:
      'The quiz as TOML: `name`, `yearWeek`, rounds of numbered questions (`[1.2]` is question 2 of round 1).',
    schema: { type: 'string' },
  })
  @ApiQuery({ name: 'name', required: false, description: "Wins over the file's name." })
  @ApiQuery({ name: 'yearWeek', required: false, description: "Wins over the file's yearWeek." })
  @ApiOkResponse({
    description: 'The preview `{name, yearWeek, content}`, ready to POST to /api/quizzes; nothing is saved.',
  })
  @ApiBadRequestResponse({ description: '`{errors: [{detail, line?, column?}]}`' })
  import(
    @Body() body: unknown,
    @Query('name') name: string | undefined,
    @Query('yearWeek') yearWeek: string | undefined,
  ) {
    const result = previewQuizImport(typeof body === 'string' ? body : '', { name, yearWeek });
    if (!result.ok) throw new HttpException({ errors: result.errors.map((e) => ({ status: '400', ...e })) }, 400);
    return result.preview;
  }

  /**
   * The first step of a fresh install: saves the example quiz (examples/beispielquiz.toml) as a new
   * quiz, as the config page saves an imported one (CreateQuiz with the import's preview).
   */
  @Post('example')
  @HttpCode(201)
  @LoggedIn('moderator')
  @ApiCreatedResponse({ description: 'The example quiz, saved as a new quiz: a JSON:API `quizzes` resource.' })
  async createExample(@CurrentUser() user: UserLive) {
    const example = await previewExampleQuiz();
    if (!example.ok) throw new HttpException({ errors: example.errors.map((e) => ({ status: '500', ...e })) }, 500);
    return this.createFrom(example.preview, user);
  }

  @Post()
  @HttpCode(201)
  @LoggedIn()
  @ApiAttributesBody(QuizDto, 'quizzes')
  @ApiCreatedResponse({ description: 'The new quiz as a JSON:API `quizzes` resource (moderators only).' })
  async create(@Attributes() body: QuizDto, @CurrentUser() user: UserLive) {
    return this.createFrom({ name: body.name ?? '', yearWeek: body.yearWeek ?? '', content: body.content }, user);
  }

  private async createFrom(quiz: { name: string; yearWeek: string; content: unknown }, user: UserLive) {
    const outcome = await this.engine.pipeline.submit(
      { type: 'CreateQuiz', name: quiz.name, yearWeek: quiz.yearWeek, content: quiz.content as never },
      actorOf(user),
    );
    if (!outcome.ok) throw rejectionError(outcome);
    const created = present(
      outcome.events.find((e) => e.type === 'QuizCreated'),
      'the QuizCreated event of an accepted CreateQuiz',
    );
    const quizzes = this.engine.live.state.quizzes;
    return { data: quizResource(present(quizzes.get(created.data.quizId), 'the quiz just created')) };
  }

  @Patch(':id')
  @LoggedIn()
  @ApiAttributesBody(QuizDto, 'quizzes')
  @ApiOkResponse({ description: 'The changed quiz as a JSON:API `quizzes` resource (moderators only).' })
  async update(@Param('id') id: string, @Attributes() body: QuizDto, @CurrentUser() user: UserLive) {
    const { name, yearWeek, content } = body;
    const outcome = await this.engine.pipeline.submit(
      {
        type: 'EditQuiz',
        quizId: id,
        ...(name === undefined ? {} : { name }),
        ...(yearWeek === undefined ? {} : { yearWeek }),
        ...(content === undefined ? {} : { content: content as never }),
      },
      actorOf(user),
    );
    if (!outcome.ok) throw rejectionError(outcome);
    return { data: quizResource(present(this.engine.live.state.quizzes.get(id), 'the quiz just edited')) };
  }
}
