import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { WsAdapter } from '@nestjs/platform-ws';
import express from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppModule } from './app.module';
import type { AppConfig } from './config';
import type { PipelineOptions } from './engine/command-pipeline';
import { ensureFirstAdmin, FirstAdminOutcome } from './identity/first-admin';
import { requestLog, type LogSink } from './http/request-log';
import { configureAllowedOrigins } from './realtime/origin-policy';
import { openSecrets, Runtime, startRuntime, stopRuntime } from './runtime';
import { openStorage, Storage } from './store/storage';

export interface RunningServer {
  app: INestApplication;
  runtime: Runtime;
  storage: Storage;
  url: string;
  firstAdmin: FirstAdminOutcome;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: false;
  /** Where the request log goes (default: Nest's logger, or nowhere when logger is false). */
  requestLog?: LogSink;
  pipeline?: PipelineOptions;
}

/** Opens the storage, bootstraps the first admin, folds the log and serves API, WebSocket and web app. */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const storage = await openStorage(config);
  let runtime: Runtime | null = null;
  try {
    const secrets = await openSecrets(config, storage);
    const firstAdmin = await ensureFirstAdmin(secrets.credentials, storage.events, config.adminPassword, Date.now());
    runtime = await startRuntime(config, storage, secrets, { maxBatch: config.commandBatchMax, ...options.pipeline });
    configureAllowedOrigins(config.allowedOrigins);
    const app = await NestFactory.create<NestExpressApplication>(AppModule.with(runtime), {
      logger: options.logger ?? ['log', 'warn', 'error'],
    });
    // Every frame goes to the gateway as text; it parses and answers malformed ones itself.
    app.useWebSocketAdapter(new WsAdapter(app, { messageParser: (data) => ({ event: 'frame', data: data.toString() }) }));
    app.set('trust proxy', config.trustProxy); // the client's address for the login and registration limits
    app.useBodyParser('json', { limit: '1mb' });
    app.useBodyParser('text', { type: ['text/plain', 'application/toml'], limit: '1mb' });
    const httpLogger = new Logger('HTTP');
    app.use(requestLog(options.requestLog ?? (options.logger === false ? () => undefined : (line) => httpLogger.log(line))));
    serveWebApp(app, config.webDir);
    await app.listen(config.port, config.host);
    const address = app.getHttpServer().address() as { port: number };
    const started = runtime;
    return {
      app,
      runtime: started,
      storage,
      url: `http://localhost:${address.port}`,
      firstAdmin,
      async close() {
        await app.close();
        await stopRuntime(started);
        await storage.close();
      },
    };
  } catch (error) {
    if (runtime) await stopRuntime(runtime);
    await storage.close();
    throw error;
  }
}

/** The built React app, with every non-API path answered by index.html (client-side routes). */
function serveWebApp(app: NestExpressApplication, webDir: string): void {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) {
    new Logger('Web').warn(`No web app at ${webDir}: run "npm run build:web" (npm start does it for you).`);
    return;
  }
  app.use(express.static(webDir, { index: false, maxAge: '1h' }));
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api') || req.path.startsWith('/ws')) return next();
    res.sendFile(index);
  });
}
