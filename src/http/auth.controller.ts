import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { FIELD_MAXIMA, tooLongProblem, type UserLive } from '../../projections/live';
import { verifyPassword } from '../identity/passwords';
import { RUNTIME, type Runtime } from '../runtime';
import { LOGIN_TEXTS, TokenAuthDto, TokenDto } from './dto/auth.dto';
import { invalidTextRejection } from '../commands';
import { httpError, rejectionError } from './http-errors';
import { queueTicket } from './hashing-limits';
import { clientAddress } from './login-limits';
import { userResource } from './json-api';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf } from './request-user';
import { BLOCKED_TEXT } from '../auth/token-holder';

export { LOGIN_TEXTS } from './dto/auth.dto';

@ApiTags('login')
@Controller('api')
export class AuthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** `{username, password}` (login is case-insensitive) or `{token}` of a one-time login link. */
  @Post('token-auth')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenDto })
  @ApiBadRequestResponse({ description: 'Name or password missing.' })
  @ApiForbiddenResponse({ description: 'Wrong name or password, or an invalid, expired or used login link.' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed logins for this name or from this address (German `detail`); or the hashing queue is full: `meta: {retry, retryAfterMs, ticket}`, come back then with the header `X-Queue-Ticket`.' })
  async tokenAuth(@Body() body: TokenAuthDto, @Req() request: Request): Promise<TokenDto> {
    const invalid = invalidTextRejection(body); // a NUL would reach the credentials table's query
    if (invalid) throw rejectionError(invalid);
    const live = this.runtime.engine.live;
    if (body.token !== undefined) {
      const linkId = await this.runtime.secrets.tokens.redeem('login', body.token);
      // The link (and its user) may have been created through another app instance a moment ago.
      const user = linkId ? await live.findCaughtUp((s) => s.users.get(s.loginLinks.get(linkId) ?? '')) : undefined;
      if (!user) throw httpError(403, LOGIN_TEXTS.invalidLink);
      if (user.blocked) throw httpError(403, BLOCKED_TEXT);
      return { token: this.runtime.secrets.jwt.sign(user) };
    }
    const username = body.username!;
    const limits = this.runtime.loginLimits;
    const address = clientAddress(request);
    // An over-long name is counted under its first characters (the limiter's key stays small), then refused before any query holds it.
    const counted = username.slice(0, FIELD_MAXIMA.login);
    const refusal = await limits.refusal(counted, address);
    if (refusal) throw httpError(429, refusal);
    const tooLong = tooLongProblem('login', username);
    if (tooLong) {
      await limits.failed(counted, address);
      throw httpError(400, tooLong);
    }
    const credential = await this.runtime.secrets.credentials.findByLogin(username);
    const valid = credential !== null && (await verifyPassword(credential.passwordHash, body.password!, { ticket: queueTicket(request) }));
    const user = valid ? await live.findCaughtUp((s) => s.users.get(credential.userId)) : undefined;
    if (!user) {
      await limits.failed(username, address);
      throw httpError(403, LOGIN_TEXTS.wrongCredentials);
    }
    await limits.succeeded(username, address);
    if (user.blocked) throw httpError(403, BLOCKED_TEXT); // after the password: a guesser learns nothing
    return { token: this.runtime.secrets.jwt.sign(user) };
  }

  /** Every token the user holds so far stops working (401), on every instance; their open sockets are closed. */
  @Post('token-logout-all')
  @HttpCode(200)
  @LoggedIn()
  @ApiOkResponse({ description: '`{success: true}`: every earlier token of the user is invalid; log in again for a new one.' })
  async logoutEverywhere(@CurrentUser() user: UserLive) {
    const outcome = await this.runtime.engine.pipeline.submit({ type: 'RevokeTokens', userId: user.id }, actorOf(user));
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
