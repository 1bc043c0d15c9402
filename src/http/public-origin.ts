import type { Request } from 'express';
import type { AppConfig } from '../config';

/**
 * The origin of a link the server makes for someone logged in to hand on (an admin's reset link):
 * PUBLIC_URL when set, else the origin the request came to. Links that go out by e-mail never take
 * the request's origin (a Host header is the sender's to choose): they need PUBLIC_URL (src/config.ts).
 */
export function publicOrigin(config: Pick<AppConfig, 'publicUrl'>, request: Request): string {
  return config.publicUrl ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}
