import { HttpException } from '@nestjs/common';

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
