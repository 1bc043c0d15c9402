import { Catch, HttpException, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Response } from 'express';
import type { Rejection, RejectionReason } from '../commands';
import { HASHING_BUSY_TEXT, HashingBusy } from '../identity/passwords';
import { NAME_LINE_RETRY_SECONDS, NameLineFull } from '../limits/logins-and-registrations';
import { isUnavailable, STORE_UNAVAILABLE_TEXT } from '../store/unavailable';

/** PROTOCOL.md: failures answer `{errors: [{detail}]}` with the spec's German text. */
export function httpError(status: number, detail: string): HttpException {
  return new HttpException({ errors: [{ status: String(status), detail }] }, status);
}

/** How a rejection's reason becomes an HTTP status. */
export const STATUS_OF_REASON: Record<RejectionReason, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition: 428,
  maintenance: 503,
  unavailable: 503,
  limited: 429,
};

export function rejectionError(rejection: Rejection): HttpException {
  return httpError(STATUS_OF_REASON[rejection.reason], rejection.message);
}

/** How the HTTP edge answers a domain error: its status, German detail, `meta` and `Retry-After` (seconds). */
export interface HttpAnswer {
  status: number;
  body: { errors: [{ status: string; detail: string; meta?: object }] };
  retryAfterSeconds: number;
}

function answer(status: number, detail: string, retryAfterSeconds: number, meta?: object): HttpAnswer {
  return {
    status,
    body: { errors: [{ status: String(status), detail, ...(meta ? { meta } : {}) }] },
    retryAfterSeconds,
  };
}

/**
 * The services' domain errors as HTTP answers, in one place (docs/decisions/doors.md, "Domain errors,
 * one filter"); null for any other error:
 * - the hashing queue is full (HashingBusy): 429 with the appointment in `meta` (`retry`, `retryAfterMs`,
 *   `ticket`) and in whole seconds in `Retry-After` for clients that read only the header;
 * - a login name's line is full (NameLineFull): 429, uncounted, come back in a second;
 * - the database is away: 503 with the German text of PROTOCOL.md (wave 3) instead of a 500 (the
 *   database calls themselves are bounded, src/store/sql/postgres-database.ts). TypeORM (the read
 *   models) wraps the driver's error: its `driverError` is looked at too.
 */
export function httpAnswerOf(error: unknown): HttpAnswer | null {
  if (error instanceof HashingBusy)
    return answer(429, HASHING_BUSY_TEXT, Math.max(1, Math.ceil(error.retryAfterMs / 1000)), {
      retry: true,
      ...error.appointment,
    });
  if (error instanceof NameLineFull) return answer(429, error.message, NAME_LINE_RETRY_SECONDS);
  if (isUnavailable(error) || isUnavailable((error as { driverError?: unknown } | null)?.driverError))
    return answer(503, STORE_UNAVAILABLE_TEXT, 2);
  return null;
}

/** The one exception filter of the HTTP edge: domain errors per httpAnswerOf, everything else to Nest's own handling. */
@Catch()
export class DomainErrorFilter extends BaseExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    const answered = host.getType() === 'http' ? httpAnswerOf(error) : null;
    if (!answered) return super.catch(error, host);
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    response.status(answered.status).set('Retry-After', String(answered.retryAfterSeconds)).json(answered.body);
  }
}
