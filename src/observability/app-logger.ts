import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { LOG_LEVELS, type AppLogLevel, type LogFormat } from '../config';

/** The request being served, for log lines written while serving it. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Lines that belong to one request: the request line and Nest's report of an error a route threw.
 * Not the engine's: a command batch serves many requests at once, so it would carry the wrong id.
 */
const REQUEST_CONTEXTS = new Set(['HTTP', 'ExceptionsHandler']);

/** Nest's start-up narration (module init, one line per route): debug, so the address and the admin line stand out. */
const START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'NestApplication',
]);

/**
 * An error as it may be logged: its name, message, stack and code, and its cause alike. Nothing else
 * of it: database drivers hang the query's parameters on their errors (PGlite's `params`, TypeORM's
 * `parameters`) and the row's values in `detail` ("Key (login_key)=(…)"); a failed INSERT of a
 * credential would print its password hash, a duplicate key a login (ARCHITECTURE.md rule 14).
 */
export function loggableError(error: Error, depth = 0): Error {
  const copy = new Error(error.message);
  copy.name = error.name;
  copy.stack = error.stack;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
  if (error.cause instanceof Error && depth < 3) copy.cause = loggableError(error.cause, depth + 1);
  return copy;
}

/**
 * The server's logger: Nest's ConsoleLogger with its start-up lines moved to debug, errors cut to
 * what may be logged (loggableError), and in JSON format one object per line carrying the request
 * id of the request it was written for.
 */
export class AppLogger extends ConsoleLogger {
  constructor(format: LogFormat, level: AppLogLevel) {
    const levels: LogLevel[] = ['fatal', ...LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1)];
    super({ json: format === 'json', logLevels: levels, flattenParams: true });
  }

  protected override printMessages(
    messages: unknown[],
    context = '',
    logLevel: LogLevel = 'log',
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    if (logLevel === 'log' && START_UP_CONTEXTS.has(context)) {
      if (!this.isLevelEnabled('debug')) return;
      logLevel = 'debug';
    }
    const loggable = messages.map((message) => (message instanceof Error ? loggableError(message) : message));
    super.printMessages(loggable, context, logLevel, writeStreamType, errorStack, params);
  }

  protected override getJsonLogObject(message: unknown, options: Parameters<ConsoleLogger['getJsonLogObject']>[1]) {
    const requestId = REQUEST_CONTEXTS.has(options.context) ? requestContext.getStore()?.requestId : undefined;
    const object = super.getJsonLogObject(message, options);
    return requestId && object.requestId === undefined ? { ...object, requestId } : object;
  }
}
