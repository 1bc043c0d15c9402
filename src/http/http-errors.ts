import { Catch, HttpException, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Response } from 'express';
import type { Rejection, RejectionReason } from '../commands';
import { HashingBusy } from '../identity/passwords';
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

/**
 * A refusal of the hashing queue gets a `Retry-After` header beside its appointment.
 * A request that needed the database while it is away: 503 with the German text of PROTOCOL.md
 * (wave 3) instead of a 500; the database calls themselves are bounded (src/store/sql/postgres-database.ts).
 * TypeORM (the read models) wraps the driver's error: its `driverError` is looked at too.
 * Everything else goes to Nest's own handling.
 */
@Catch()
export class StoreUnavailableFilter extends BaseExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    const unavailable = isUnavailable(error) || isUnavailable((error as { driverError?: unknown } | null)?.driverError);
    if (error instanceof HashingBusy && host.getType() === 'http') {
      // The appointment in whole seconds for clients that read only the header (the body's meta has the milliseconds).
      host
        .switchToHttp()
        .getResponse<Response>()
        .set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
    }
    if (!unavailable || host.getType() !== 'http') return super.catch(error, host);
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    response
      .status(503)
      .set('Retry-After', '2')
      .json({ errors: [{ status: '503', detail: STORE_UNAVAILABLE_TEXT }] });
  }
}
