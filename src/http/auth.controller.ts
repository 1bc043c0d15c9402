import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UserLive } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import { cookieValue, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from '../auth/device-tokens';
import { Logins } from '../identity/login';
import { Engine } from '../engine/engine';
import type { AppConfig } from '../config';
import { APP_CONFIG } from '../tokens';
import { TokenAuthDto, TokenDto } from './dto/auth.dto';
import { invalidTextRejection } from '../commands';
import { rejectionError } from './http-errors';
import { queueTicket } from '../limits/password-hashing';
import { clientAddress } from '../limits/logins-and-registrations';
import { userResource } from './json-api';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf } from './request-user';
import { secureCookies } from './public-origin';

@ApiTags('login')
@Controller('api')
export class AuthController {
  constructor(
    private readonly logins: Logins,
    private readonly engine: Engine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `{username, password}` (login is case-insensitive) or `{token}` of a one-time login link. */
  @Post('token-auth')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenDto })
  @ApiBadRequestResponse({ description: 'Name or password missing.' })
  @ApiForbiddenResponse({ description: 'Wrong name or password, or an invalid, expired or used login link.' })
  @ApiTooManyRequestsResponse({
    description:
      'Too many failed logins for this name or from this address (German `detail`); or the hashing queue is full: `meta: {retry, retryAfterMs, ticket}`, come back then with the header `X-Queue-Ticket: <ticket>` (and `Retry-After`).',
  })
  async tokenAuth(
    @Body() body: TokenAuthDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TokenDto> {
    const invalid = invalidTextRejection(body); // a NUL would reach the credentials table's query
    if (invalid) throw rejectionError(invalid);
    const outcome =
      body.token !== undefined
        ? await this.logins.withLink(body.token)
        : await this.logins.withPassword({
            username: present(body.username, 'the login name (validated: a login without a token has one)'),
            password: present(body.password, 'the password (validated: a login without a token has one)'),
            address: clientAddress(request),
            deviceCookie: cookieValue(request.headers.cookie, DEVICE_COOKIE),
            ticket: queueTicket(request),
          });
    if (!outcome.ok) throw rejectionError(outcome);
    if (outcome.deviceCookie !== undefined) {
      response.cookie(DEVICE_COOKIE, outcome.deviceCookie, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies(this.config, request),
        path: '/api/token-auth',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS * 1000,
      });
    }
    return { token: outcome.token };
  }

  /** Every token the user holds so far stops working (401), on every instance; their open sockets are closed. */
  @Post('token-logout-all')
  @HttpCode(200)
  @LoggedIn()
  @ApiOkResponse({
    description: '`{success: true}`: every earlier token of the user is invalid; log in again for a new one.',
  })
  async logoutEverywhere(@CurrentUser() user: UserLive) {
    const outcome = await this.engine.pipeline.submit({ type: 'RevokeTokens', userId: user.id }, actorOf(user));
    if (!outcome.ok) throw rejectionError(outcome);
    return { success: true };
  }

  @Get('tokens/current')
  @LoggedIn()
  @ApiOkResponse({ description: 'The logged-in user as a JSON:API `users` resource.' })
  current(@CurrentUser() user: UserLive) {
    return { data: userResource(user) };
  }
}
