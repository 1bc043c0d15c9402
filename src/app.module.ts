import { DynamicModule, Module } from '@nestjs/common';
import { HealthController } from './health/health.controller';
import { AuthController } from './http/auth.controller';
import { FormsController } from './http/forms.controller';
import { NightsController } from './http/nights.controller';
import { PointsController } from './http/points.controller';
import { QuizAnswersController } from './http/quiz-answers.controller';
import { QuizzesController } from './http/quizzes.controller';
import { TeamsController } from './http/teams.controller';
import { UploadsController } from './http/uploads.controller';
import { UsersController } from './http/users.controller';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { RUNTIME, type Runtime } from './runtime';

@Module({})
export class AppModule {
  /** The runtime (storage, engine, secrets) is started before Nest, so a broken database fails fast and clearly. */
  static with(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      controllers: [HealthController, AuthController, UsersController, TeamsController, QuizzesController, UploadsController, FormsController, NightsController, PointsController, QuizAnswersController],
      providers: [{ provide: RUNTIME, useValue: runtime }, RealtimeGateway],
    };
  }
}
