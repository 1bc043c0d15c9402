import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Role } from '../../events';
import type { UserLive } from '../../projections/live';
import { TokenService } from '../auth/jwt';
import { Engine } from '../engine/engine';
import { httpError } from './http-errors';
import { RENEWED_TOKEN_HEADER, renewedToken } from '../auth/token-renewal';
import { requestHolderCaughtUp } from './request-user';
import { AUTH_TEXTS } from '../edge-texts';

const ROLES_KEY = 'quiz:any-of-roles';

type RequestWithUser = Request & { user?: UserLive };

/**
 * Runs before the body is validated: no or a bad token answers 401, a user without any of the
 * given roles 403 (roles from the live state, not from the token). A player's token older than a day
 * is renewed: the answer carries the fresh one in `X-Renewed-Token` (src/auth/token-renewal.ts).
 */
@Injectable()
export class LoggedInGuard implements CanActivate {
  constructor(
    private readonly engine: Engine,
    private readonly jwt: TokenService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const anyOf =
      this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]) ?? [];
    const suits = (user: UserLive) => anyOf.length === 0 || anyOf.some((role) => user.roles.includes(role));
    const { user, payload } = await requestHolderCaughtUp(this.jwt, this.engine.live, request, suits);
    if (!suits(user)) throw httpError(403, AUTH_TEXTS.forbidden);
    request.user = user;
    const renewed = renewedToken(this.jwt, payload, user);
    if (renewed) context.switchToHttp().getResponse<Response>().setHeader(RENEWED_TOKEN_HEADER, renewed);
    return true;
  }
}

/** The route needs a login (Bearer token) and, when roles are named, at least one of them. */
export function LoggedIn(...anyOf: Role[]) {
  return applyDecorators(
    SetMetadata(ROLES_KEY, anyOf),
    UseGuards(LoggedInGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No, an invalid or an expired token.' }),
    ...(anyOf.length > 0 ? [ApiForbiddenResponse({ description: `Needs the role ${anyOf.join(' or ')}.` })] : []),
  );
}

/** The logged-in user of a `@LoggedIn()` route. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): UserLive => {
  const user = context.switchToHttp().getRequest<RequestWithUser>().user;
  if (!user) throw new Error('CurrentUser() needs @LoggedIn() on the route');
  return user;
});
