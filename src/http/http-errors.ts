import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { StoreUnavailableError, STORE_UNAVAILABLE_TEXT } from '../store/unavailable';

/** PROTOCOL.md: failures answer `{errors: [{detail}]}` with the spec's German text. */
export function httpError(status: number, detail: string): HttpException {
  return new HttpException({ errors: [{ status: String(status), detail }] }, status);
}

/** How a decider's rejection reason becomes an HTTP status. */
export const STATUS_OF_REASON: Record<string, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition: 428,
  maintenance: 503,
  unavailable: 503,
};

export function rejectionError(outcome: { message: string; reason: string }): HttpException {
  return httpError(STATUS_OF_REASON[outcome.reason] ?? 400, outcome.message);
}

/**
 * A request that needed the database while it is away: 503 with the German text of PROTOCOL.md
 * (wave 3) instead of a 500; the database calls themselves are bounded (src/store/sql/postgres-database.ts).
 */
@Catch(StoreUnavailableError)
export class StoreUnavailableFilter implements ExceptionFilter {
  catch(_error: StoreUnavailableError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    response.status(503).set('Retry-After', '2').json({ errors: [{ status: '503', detail: STORE_UNAVAILABLE_TEXT }] });
  }
}
