import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { answersOfQuiz } from '../../projections/read';
import { RUNTIME, type Runtime } from '../runtime';
import { httpError } from './http-errors';
import { readModelsCaughtUp } from './read-your-writes';
import { AUTH_TEXTS, requestUser } from './request-user';

/** GET /api/quiz-answers?filter[quiz_id]=N&include=user,team — the checker's answers, JSON:API. */
@Controller('api/quiz-answers')
export class QuizAnswersController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Req() request: Request) {
    const user = requestUser(this.runtime, request);
    if (!user.roles.includes('tester') && !user.roles.includes('moderator')) throw httpError(403, AUTH_TEXTS.forbidden);
    const filter = (query.filter ?? {}) as Record<string, unknown>;
    const quizId = String(filter.quiz_id ?? query['filter[quiz_id]'] ?? '');
    const include = String(query.include ?? '').split(',');
    await readModelsCaughtUp(this.runtime);
    const answers = await answersOfQuiz(this.runtime.storage.sql, quizId);
    const included = new Map<string, object>();
    const data = answers.map((a) => {
      if (include.includes('team') && a.teamId) included.set(`teams:${a.teamId}`, { type: 'teams', id: a.teamId, attributes: { name: a.teamName } });
      if (include.includes('user') && a.userId) included.set(`users:${a.userId}`, { type: 'users', id: a.userId, attributes: { name: a.userName } });
      return {
        type: 'quiz-answers',
        id: a.id,
        attributes: {
          quizId: a.quizId, round: a.round, num: a.num, answer: a.answer, points: a.points,
          quizzer: a.quizzer, tester: a.tester, checked: a.checked, liked: a.liked,
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
