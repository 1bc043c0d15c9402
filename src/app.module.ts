import { DynamicModule, Global, Module, type InjectionToken, type Provider } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { TokenService } from './auth/jwt';
import { OneTimeTokens } from './auth/one-time-tokens';
import { OverlayTokens } from './auth/overlay-tokens';
import { Engine } from './engine/engine';
import { HealthController } from './health/health.controller';
import { AuthController } from './http/auth.controller';
import { FormsController } from './http/forms.controller';
import { NightsController } from './http/nights.controller';
import { OverlayLinksController } from './http/overlay-links.controller';
import { PasswordResetController } from './http/password-reset.controller';
import { PointsController } from './http/points.controller';
import { QuizAnswersController } from './http/quiz-answers.controller';
import { QuizzesController } from './http/quizzes.controller';
import { ReadModelsFence } from './http/read-your-writes';
import { ResultsController } from './http/results.controller';
import { ShowLookController } from './http/show-look.controller';
import { ShowSettingsController } from './http/show-settings.controller';
import { TeamsController } from './http/teams.controller';
import { UploadsController } from './http/uploads.controller';
import { UserRolesController } from './http/user-roles.controller';
import { UsersController } from './http/users.controller';
import { bodyValidationPipe } from './http/validation';
import { Credentials } from './identity/credentials';
import { PasswordHasher } from './identity/password-hasher';
import { Erasure } from './identity/erasure';
import { Logins } from './identity/login';
import { PasswordResets } from './identity/password-reset';
import { FormLimits } from './limits/form-submissions';
import { RegistrationLimit } from './limits/logins-and-registrations';
import { OwnDataExportLimit } from './limits/own-data-exports';
import { HashingLimits } from './limits/password-hashing';
import { TeamPasswordGuards } from './limits/sockets-and-team-passwords';
import { UploadLimits } from './limits/uploads';
import { Metrics } from './observability/metrics';
import { MetricsController } from './observability/metrics.controller';
import { Presence } from './realtime/presence';
import { PushHub } from './realtime/push-hub';
import { RealtimeGateway } from './realtime/realtime.gateway';
import type { Runtime } from './runtime';
import { TeamPasswords } from './teams/team-passwords';
import { APP_CONFIG, READ_PROJECTIONS, SOCKET_FRAME_RATE, STORAGE, UPLOADS_DIR } from './tokens';

/**
 * The running server's parts, each under its own token (a class, or a symbol of src/tokens.ts): a
 * controller, guard or the gateway injects the few it uses, never the whole runtime.
 */
function partsOf(runtime: Runtime, metrics: Metrics): Provider[] {
  const { secrets, limits } = runtime;
  const values: Array<[InjectionToken, unknown]> = [
    [APP_CONFIG, runtime.config],
    [STORAGE, runtime.storage],
    [READ_PROJECTIONS, runtime.readModels],
    [UPLOADS_DIR, runtime.uploadsDir],
    [SOCKET_FRAME_RATE, runtime.frameRate],
    [Engine, runtime.engine],
    [Presence, runtime.presence],
    [PushHub, runtime.hub],
    [Credentials, secrets.credentials],
    [PasswordHasher, runtime.hasher],
    [TeamPasswords, secrets.teamPasswords],
    [OneTimeTokens, secrets.tokens],
    [TokenService, secrets.jwt],
    [OverlayTokens, secrets.overlayTokens],
    [RegistrationLimit, limits.registrations],
    [FormLimits, limits.forms],
    [HashingLimits, limits.hashing],
    [OwnDataExportLimit, limits.ownDataExports],
    [UploadLimits, limits.uploads],
    [TeamPasswordGuards, limits.teamPasswords],
    [PasswordResets, runtime.passwordResets],
    [Erasure, runtime.erasure],
    [Logins, runtime.logins],
    [Metrics, metrics],
  ];
  return values.map(([provide, useValue]) => ({ provide, useValue }));
}

/** The parts, for every feature module below (global: each module injects without importing them). */
@Global()
@Module({})
class ServerPartsModule {
  static of(runtime: Runtime, metrics: Metrics): DynamicModule {
    const providers = partsOf(runtime, metrics);
    return { module: ServerPartsModule, providers, exports: providers };
  }
}

/** Liveness, readiness, the release, Prometheus. */
@Module({ controllers: [HealthController, MetricsController] })
class OperationsModule {}

/** Logins, accounts, roles, password resets. */
@Module({ controllers: [AuthController, UsersController, UserRolesController, PasswordResetController] })
class AccountsModule {}

/** Teams, and the public forms (greetings, QR teams). */
@Module({ controllers: [TeamsController, FormsController] })
class TeamsModule {}

/** Quizzes and what the read models answer of them: points, answers, results, past nights. */
@Module({
  controllers: [QuizzesController, NightsController, PointsController, QuizAnswersController, ResultsController],
  providers: [ReadModelsFence],
})
class QuizzesModule {}

/** The show's settings, its look and the stream overlay's links. */
@Module({ controllers: [ShowSettingsController, ShowLookController, OverlayLinksController] })
class ShowModule {}

@Module({ controllers: [UploadsController] })
class UploadsModule {}

/** The socket edge `/ws`. */
@Module({ providers: [RealtimeGateway] })
class RealtimeModule {}

@Module({})
export class AppModule {
  /**
   * The runtime (storage, engine, secrets) is started before Nest, so a broken database fails fast and
   * clearly; the metrics exist before it too, as the command pipeline reports to them.
   */
  static with(runtime: Runtime, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServerPartsModule.of(runtime, metrics),
        OperationsModule,
        AccountsModule,
        TeamsModule,
        QuizzesModule,
        ShowModule,
        UploadsModule,
        RealtimeModule,
      ],
      providers: [{ provide: APP_PIPE, useFactory: bodyValidationPipe }],
    };
  }
}
