import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppModule } from './app.module';
import type { AppConfig } from './config';
import { Credentials } from './identity/credentials';
import { ensureFirstAdmin, FirstAdminOutcome } from './identity/first-admin';
import { openStorage, Storage } from './store/storage';

export interface RunningServer {
  app: INestApplication;
  storage: Storage;
  url: string;
  firstAdmin: FirstAdminOutcome;
  close(): Promise<void>;
}

/** Opens the storage, bootstraps the first admin and serves API, WebSocket and web app. */
export async function startServer(config: AppConfig, options: { logger?: false } = {}): Promise<RunningServer> {
  const storage = await openStorage(config);
  try {
    const credentials = await Credentials.open(storage.sql);
    const firstAdmin = await ensureFirstAdmin(credentials, storage.events, config.adminPassword, Date.now());
    const app = await NestFactory.create<NestExpressApplication>(AppModule.with(config, storage), {
      logger: options.logger ?? ['log', 'warn', 'error'],
    });
    serveWebApp(app, config.webDir);
    await app.listen(config.port, config.host);
    const address = app.getHttpServer().address() as { port: number };
    return {
      app,
      storage,
      url: `http://localhost:${address.port}`,
      firstAdmin,
      async close() {
        await app.close();
        await storage.close();
      },
    };
  } catch (error) {
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
