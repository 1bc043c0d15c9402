import { DynamicModule, Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { HealthController } from './health/health.controller';
import { AuthController } from './http/auth.controller';
import { FormsController } from './http/forms.controller';
import { NightsController } from './http/nights.controller';
import { OverlayLinksController } from './http/overlay-links.controller';
import { PasswordResetController } from './http/password-reset.controller';
import { PointsController } from './http/points.controller';
import { QuizAnswersController } from './http/quiz-answers.controller';
import { QuizzesController } from './http/quizzes.controller';
import { ResultsController } from './http/results.controller';
import { ShowLookController } from './http/show-look.controller';
import { ShowSettingsController } from './http/show-settings.controller';
import { TeamsController } from './http/teams.controller';
import { UploadsController } from './http/uploads.controller';
import { UserRolesController } from './http/user-roles.controller';
import { UsersController } from './http/users.controller';
import { bodyValidationPipe } from './http/validation';
import { Metrics } from './observability/metrics';
import { MetricsController } from './observability/metrics.controller';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { RUNTIME, type Runtime } from './runtime';

@Module({})
export class AppModule {
  /**
   * The runtime (storage, engine, secrets) is started before Nest, so a broken database fails fast and
   * clearly; the metrics exist before it too, as the command pipeline reports to them.
   */
  static with(runtime: Runtime, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      controllers: [
        HealthController,
        MetricsController,
        AuthController,
        UsersController,
        TeamsController,
        QuizzesController,
        UploadsController,
        FormsController,
        NightsController,
        PointsController,
        QuizAnswersController,
        ShowSettingsController,
        UserRolesController,
        ResultsController,
        OverlayLinksController,
        ShowLookController,
        PasswordResetController,
      ],
      providers: [{ provide: RUNTIME, useValue: runtime }, { provide: Metrics, useValue: metrics }, { provide: APP_PIPE, useFactory: bodyValidationPipe }, RealtimeGateway],
    };
  }
}
