import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

export type LogSink = (line: string) => void;

/**
 * One line per HTTP request: id, method, path, status, duration. The id comes from X-Request-Id
 * (when a proxy sets a sane one) or is made here, and is sent back in the same header. Bodies, query
 * strings (`?token=` for images) and headers are never logged: no password or token reaches the log.
 */
export function requestLog(sink: LogSink) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const incoming = request.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    response.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      sink(`${id} ${request.method} ${request.path} ${response.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}
