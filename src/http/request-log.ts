import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { requestContext } from '../observability/app-logger';

/** What a request's log line says, as fields (JSON logs carry them as keys). */
export interface RequestLogFields {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/** A path as logged: the stream overlay page's token (/overlay/<token>) left out. */
export function loggedPath(path: string): string {
  return path.startsWith('/overlay/') ? '/overlay/…' : path;
}

export type LogSink = (line: string, fields: RequestLogFields) => void;

/**
 * One line per HTTP request: id, method, path, status, duration. The id comes from X-Request-Id
 * (when a proxy sets a sane one) or is made here, and is sent back in the same header; the report of
 * an error the route threw carries it too (see AppLogger). Bodies, query strings
 * (`?token=` for images) and headers are never logged, and the stream overlay's address is logged
 * without its secret (`/overlay/…`): no password or token reaches the log.
 */
export function requestLog(sink: LogSink) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    response.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    // Read now: the web app answers client-side routes by rewriting the url to /index.html.
    const path = loggedPath(request.path);
    response.on('finish', () => {
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const fields = { requestId, method: request.method, path, status: response.statusCode, durationMs };
      sink(`${requestId} ${request.method} ${path} ${response.statusCode} ${durationMs.toFixed(1)}ms`, fields);
    });
    requestContext.run({ requestId }, next);
  };
}
