/**
 * The built web app (web/dist): hashed assets precompressed at build (brotli and gzip, see
 * web/vite.config.mts) and chosen by Accept-Encoding (express-static-gzip), cached for a year as
 * immutable; index.html (compressed the same way) answers every other GET (client-side routes) and is revalidated on each load,
 * so a release reaches players at their next load while React and the rest stay cached.
 */
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite's output: every file under assets/ carries a content hash in its name. */
const ASSETS = '/assets/';

export function serveWebApp(app: NestExpressApplication, webDir: string): void {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) {
    new Logger('Web').warn(
      `Keine Web-App in ${webDir}: bitte "npm run build:web" ausführen (npm start tut es selbst).`,
    );
    return;
  }
  // Source maps carry the sources: built (hidden) for the operators, never served.
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.path.endsWith('.map')) return void res.status(404).end();
    next();
  });
  const files = expressStaticGzip(webDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader(
          'Cache-Control',
          file.startsWith(path.join(webDir, 'assets') + path.sep) ? IMMUTABLE : REVALIDATE,
        );
      },
    },
  });
  app.use(files);
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    // HEAD as GET (uptime monitors and link checkers ask with HEAD): the same headers, no body.
    if (
      !['GET', 'HEAD'].includes(req.method) ||
      ['/api', '/ws', '/metrics', '/manifest.webmanifest'].some((prefix) => req.path.startsWith(prefix))
    )
      return next();
    // A hashed file that is not there (an older release's chunk) is missing, not the app.
    if (req.path.startsWith(ASSETS)) return void res.status(404).end();
    // index.html, compressed like the assets (the build writes its .br and .gz beside it; `no-cache` as above).
    req.url = '/index.html';
    files(req, res, () => {
      res.setHeader('Cache-Control', REVALIDATE);
      res.sendFile(index, { cacheControl: false });
    });
  });
}
