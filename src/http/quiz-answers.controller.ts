import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { answersOfQuiz } from '../../projections/read';
import { ReadModelsFence } from './read-your-writes';
import { LoggedIn } from './logged-in.guard';

/** GET /api/quiz-answers?filter[quiz_id]=N&include=user,team — the checker's answers, JSON:API. */
@ApiTags('quizzes')
@Controller('api/quiz-answers')
export class QuizAnswersController {
  constructor(private readonly readModels: ReadModelsFence) {}

  @Get()
  @LoggedIn('tester', 'moderator')
  @ApiQuery({ name: 'filter[quiz_id]', required: true, description: 'The quiz.' })
  @ApiQuery({
    name: 'include',
    required: false,
    description: '`user`, `team` or `user,team`: the related resources in `included`.',
  })
  @ApiOkResponse({ description: 'JSON:API `quiz-answers` with `included` users and teams.' })
  async list(@Query() query: Record<string, unknown>) {
    const filter = (query.filter ?? {}) as Record<string, unknown>;
    const quizId = String(filter.quiz_id ?? query['filter[quiz_id]'] ?? '');
    const include = String(query.include ?? '').split(',');
    const sql = await this.readModels.caughtUp();
    const answers = await answersOfQuiz(sql, quizId);
    const included = new Map<string, object>();
    const data = answers.map((a) => {
      if (include.includes('team') && a.teamId)
        included.set(`teams:${a.teamId}`, { type: 'teams', id: a.teamId, attributes: { name: a.teamName } });
      if (include.includes('user') && a.userId)
        included.set(`users:${a.userId}`, { type: 'users', id: a.userId, attributes: { name: a.userName } });
      return {
        type: 'quiz-answers',
        id: a.id,
        attributes: {
          quizId: a.quizId,
          round: a.round,
          num: a.num,
          answer: a.answer,
          points: a.points,
          quizzer: a.quizzer,
          tester: a.tester,
          checked: a.checked,
          liked: a.liked,
        },
        relationships: {
          team: { data: a.teamId ? { type: 'teams', id: a.teamId } : null },
          user: { data: a.userId ? { type: 'users', id: a.userId } : null },
        },
      };
    });
    return { data, included: [...included.values()] };
  }
}
