import { INestApplication, Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import type { AppConfig } from './config';
import type { PipelineOptions } from './engine/command-pipeline';
import type { Rate } from './limits/frame-rate';
import { ensureFirstAdmin, FirstAdminOutcome } from './identity/first-admin';
import { serveApiDocs } from './http/api-docs';
import { serveWebApp } from './http/web-app';
import { requestLog, type LogSink } from './http/request-log';
import { securityHeaders, apiNoStore } from './http/security-headers';
import { startAddresses } from './http/public-origin';
import { freeBytes } from './uploads/disk-floor';
import { AppLogger } from './observability/app-logger';
import { Metrics } from './observability/metrics';
import { LeanWsAdapter } from './realtime/lean-ws-adapter';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { configureAllowedOrigins } from './realtime/origin-policy';
import { openSecrets, Runtime, startRuntime, stopRuntime } from './runtime';
import { openStorageWhenReachable, Storage, type StorageOptions } from './store/storage';
import { DomainErrorFilter } from './http/http-errors';
import { PasswordHasher } from './identity/password-hasher';
import { PostgresDatabase } from './store/sql/postgres-database';
import type { ReadProjectionOptions } from '../projections/read';

export interface RunningServer {
  app: INestApplication;
  runtime: Runtime;
  storage: Storage;
  url: string;
  /** Where players reach the show (PUBLIC_URL, else the LAN addresses): what the start prints. */
  addresses: string[];
  firstAdmin: FirstAdminOutcome;
  metrics: Metrics;
  /** The server's logger (LOG_FORMAT, LOG_LEVEL), for what main prints after the start. */
  logger: LoggerService;
  /** Milliseconds each phase of the start took (storage, secrets, runtime, firstAdmin, nest, listen). */
  startPhases: Record<string, number>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** false: log nothing (tests); default: the AppLogger per LOG_FORMAT and LOG_LEVEL. */
  logger?: false;
  /** Where the request log goes (default: Nest's logger, or nowhere when logger is false). */
  requestLog?: LogSink;
  pipeline?: PipelineOptions;
  /** Frames per socket (default FRAME_RATE); the fuzz test sends faster than any client, since it tests content, not floods. */
  frameRate?: Rate;
  /** The event subscriptions' poll when no notification came (default 500 ms); a test of lost notifications sets it long. */
  storage?: StorageOptions;
  /** The read projections (default: every projector at its version); a test raises a version to see a rebuild. */
  readProjections?: ReadProjectionOptions;
}

export const LISTEN_BACKLOG = 4096;

/** Opens the storage, bootstraps the first admin, folds the log and serves API, WebSocket and web app. */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger === false ? null : new AppLogger(config.logFormat, config.logLevel);
  if (logger) Logger.overrideLogger(logger); // the runtime logs before Nest exists
  // The server's password hashing: its threads and queue, the queue's wait from HASHING_QUEUE_WAIT_SECONDS.
  const hasher = new PasswordHasher({ maxWaitMs: config.hashingQueueWaitSeconds * 1000 });
  const metrics = new Metrics(hasher);
  const startPhases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    startPhases[name] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  const storage = await openStorageWhenReachable(config, options.storage ?? {}, (error, waitMs) => {
    logger?.warn(
      `Datenbank nicht erreichbar (${reasonOf(error)}); neuer Versuch in ${(waitMs / 1000).toFixed(1)} s`,
      'Start',
    );
  });
  for (const { version, name } of storage.migrated)
    logger?.log(`Datenbank-Migration ${version} (${name}) angewendet`, 'Start');
  phase('storage');
  let runtime: Runtime | null = null;
  try {
    const secrets = await openSecrets(config, storage, hasher);
    phase('secrets');
    runtime = await startRuntime(
      config,
      storage,
      secrets,
      hasher,
      { maxBatch: config.commandBatchMax, observer: metrics, ...options.pipeline },
      options.frameRate,
      options.readProjections,
    );
    await runtime.erasure.finishInterrupted(); // finishes an erasure a crash interrupted
    phase('runtime');
    const firstAdmin = await ensureFirstAdmin(
      { engine: runtime.engine, events: storage.events, credentials: runtime.secrets.credentials, hasher },
      config.adminPassword,
      Date.now(),
      config.adminPasswordReset,
    );
    phase('firstAdmin');
    if (storage.sql instanceof PostgresDatabase) storage.sql.serving(); // schema setup done: every statement bounded tightly from now on
    configureAllowedOrigins(config.allowedOrigins);
    const app = await NestFactory.create<NestExpressApplication>(AppModule.with(runtime, metrics), {
      logger: logger ?? false,
    });
    // The gateway reads every frame itself (RealtimeGateway.handleConnection); it parses and answers malformed ones.
    app.useWebSocketAdapter(new LeanWsAdapter(app));
    app.disable('x-powered-by');
    app.use(securityHeaders()); // every response, API and web app alike (CSP without inline script)
    app.use(apiNoStore()); // token answers never cached; handlers that may be cached say so themselves
    app.useGlobalFilters(new DomainErrorFilter(app.getHttpAdapter())); // domain errors as HTTP answers: 429 with an appointment, 503 while the database is away
    app.set('trust proxy', config.trustProxy); // the client's address for the login and registration limits
    app.useBodyParser('json', { limit: '1mb' });
    app.useBodyParser('text', { type: ['text/plain', 'application/toml'], limit: '1mb' });
    const httpLogger = new Logger('HTTP');
    const logRequest: LogSink =
      config.logFormat === 'json' ? (line, fields) => httpLogger.log(line, fields) : (line) => httpLogger.log(line);
    app.use(requestLog(options.requestLog ?? (logger ? logRequest : () => undefined)));
    serveApiDocs(app);
    serveWebApp(app, config.webDir);
    phase('nest');
    // A deep accept queue: in a reconnect storm connections wait there instead of being dropped and
    // retried a second or more later (Node's default is 511; the kernel caps it at net.core.somaxconn).
    await (app.listen as unknown as (port: number, host: string, backlog: number) => Promise<unknown>)(
      config.port,
      config.host,
      LISTEN_BACKLOG,
    );
    phase('listen');
    const address = app.getHttpServer().address() as { port: number };
    const started = runtime;
    const gateway = app.get(RealtimeGateway);
    metrics.watch({
      socketsByRole: () => gateway.socketsByRole(),
      projectionLag: () => started.readModels.lag(),
      liveLag: async () => Math.max(0, (await storage.events.lastPosition()) - started.engine.live.position),
      disk: async () => ({ freeBytes: await freeBytes(config.dataDir), floorBytes: config.uploadsMinFreeBytes }),
    });
    return {
      app,
      runtime: started,
      storage,
      url: `http://localhost:${address.port}`,
      addresses: startAddresses(config, address.port),
      firstAdmin,
      metrics,
      logger: logger ?? new Logger('Start'),
      startPhases,
      async close() {
        await app.close();
        await stopRuntime(started);
        await storage.close();
        await hasher.close();
      },
    };
  } catch (error) {
    if (runtime) await stopRuntime(runtime);
    await storage.close();
    await hasher.close();
    throw error;
  }
}

function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : String(message ?? error);
}
