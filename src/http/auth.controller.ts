import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { FIELD_MAXIMA, tooLongProblem, uniqueNameKey, type UserLive } from '../../projections/live';
import { checkHashingRoom, dummyHash, HashingBusy, verifyPassword } from '../identity/passwords';
import { cookieValue, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DeviceTokens } from '../auth/device-tokens';
import { Engine } from '../engine/engine';
import { OneTimeTokens } from '../auth/one-time-tokens';
import { TokenService } from '../auth/jwt';
import { Credentials } from '../identity/credentials';
import type { AppConfig } from '../config';
import { APP_CONFIG } from '../tokens';
import { TokenAuthDto, TokenDto } from './dto/auth.dto';
import { invalidTextRejection } from '../commands';
import { httpError, rejectionError } from './http-errors';
import { queueTicket } from '../limits/password-hashing';
import { clientAddress, LoginLimits } from '../limits/logins-and-registrations';
import { userResource } from './json-api';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf } from './request-user';
import { secureCookies } from './public-origin';
import { BLOCKED_TEXT } from '../auth/token-holder';
import { LOGIN_TEXTS } from '../edge-texts';

@ApiTags('login')
@Controller('api')
export class AuthController {
  constructor(
    private readonly engine: Engine,
    private readonly oneTimeTokens: OneTimeTokens,
    private readonly jwt: TokenService,
    private readonly credentials: Credentials,
    private readonly devices: DeviceTokens,
    private readonly loginLimits: LoginLimits,
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
  async tokenAuth(@Body() body: TokenAuthDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<TokenDto> {
    const invalid = invalidTextRejection(body); // a NUL would reach the credentials table's query
    if (invalid) throw rejectionError(invalid);
    const live = this.engine.live;
    if (body.token !== undefined) {
      const linkId = await this.oneTimeTokens.redeem('login', body.token);
      // The link (and its user) may have been created through another app instance a moment ago.
      const user = linkId ? await live.findCaughtUp((s) => s.users.get(s.loginLinks.get(linkId) ?? '')) : undefined;
      if (!user) throw httpError(403, LOGIN_TEXTS.invalidLink);
      if (user.blocked) throw httpError(403, BLOCKED_TEXT);
      return { token: this.jwt.sign(user) };
    }
    const username = body.username!;
    const limits = this.loginLimits;
    const { credentials, devices, jwt } = this;
    // An over-long name is counted under its first characters (the limiter's key stays small), then refused before any query holds it.
    const counted = username.slice(0, FIELD_MAXIMA.login);
    const attempt = {
      login: counted,
      address: clientAddress(request),
      // The cookie names the account and its token generation: the live state's, no query.
      device: devices.verify(cookieValue(request.headers.cookie, DEVICE_COOKIE), live.state.users.get(live.state.userIdByLogin.get(uniqueNameKey(counted)) ?? '')),
    };
    // A login the hashing queue would send away now gets its appointment before it costs the limiter's and the
    // credentials' queries: in a surge each check-in would pay them again (docs/decisions/first-minute.md).
    const ticket = queueTicket(request);
    checkHashingRoom({ ticket });
    const tooLong = tooLongProblem('login', username);
    // A place in the name's line before anything is counted or queried: beyond it NameLineFull, 429 at once, uncounted.
    const place = limits.enterLine(attempt);
    // Counted as failed before the password is verified: a burst cannot slip past the limit while the first are hashed.
    const refusal = await limits.attempt(attempt).catch((error: unknown) => {
      place.leave();
      throw error;
    });
    if (refusal || tooLong) place.leave();
    if (refusal) throw httpError(429, refusal);
    if (tooLong) throw httpError(400, tooLong);
    const valid = await place
      .run(async () => {
        const credential = await credentials.findByLogin(username);
        // An unknown name costs the same verification as a known one: the answer's timing does not tell which names exist.
        const verified = await verifyPassword(credential?.passwordHash ?? (await dummyHash()), body.password!, { ticket });
        return verified && credential ? credential : null;
      })
      .catch(async (error: unknown) => {
        if (error instanceof HashingBusy) await limits.giveBack(attempt); // never verified: not a failure
        throw error;
      });
    const user = valid ? await live.findCaughtUp((s) => s.users.get(valid.userId)) : undefined;
    if (!user) throw httpError(403, LOGIN_TEXTS.wrongCredentials);
    await limits.succeeded(attempt);
    if (user.blocked) throw httpError(403, BLOCKED_TEXT); // after the password: a guesser learns nothing
    response.cookie(DEVICE_COOKIE, devices.issue(user), {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies(this.config, request),
      path: '/api/token-auth',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS * 1000,
    });
    return { token: jwt.sign(user) };
  }

  /** Every token the user holds so far stops working (401), on every instance; their open sockets are closed. */
  @Post('token-logout-all')
  @HttpCode(200)
  @LoggedIn()
  @ApiOkResponse({ description: '`{success: true}`: every earlier token of the user is invalid; log in again for a new one.' })
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
