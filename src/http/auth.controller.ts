import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { TokenReply } from '../../projections/live';
import { verifyPassword } from '../identity/passwords';
import { RUNTIME, type Runtime } from '../runtime';
import { httpError } from './http-errors';
import { clientAddress } from './login-limits';
import { userResource } from './json-api';
import { requestUser } from './request-user';

export const LOGIN_TEXTS = {
  missingFields: 'Nutzername und Passwort müssen angegeben werden.',
  wrongCredentials: 'Sie haben ein falschen Nutzername oder ein falsches Passwort eingegeben.',
  invalidLink: 'Der Login-Link ist ungültig, abgelaufen oder wurde schon benutzt.',
} as const;

@Controller('api')
export class AuthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** `{username, password}` (login is case-insensitive) or `{token}` of a one-time login link. */
  @Post('token-auth')
  @HttpCode(200)
  async tokenAuth(@Body() body: unknown, @Req() request: Request): Promise<TokenReply> {
    const { username, password, token } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const state = () => this.runtime.engine.live.state;
    if (token !== undefined) {
      const linkId = await this.runtime.secrets.tokens.redeem('login', token);
      const userId = linkId ? state().loginLinks.get(linkId) : undefined;
      const user = userId ? state().users.get(userId) : undefined;
      if (!user) throw httpError(403, LOGIN_TEXTS.invalidLink);
      return { token: this.runtime.secrets.jwt.sign(user.id, user.roles) };
    }
    if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password) {
      throw httpError(400, LOGIN_TEXTS.missingFields);
    }
    const { limits } = this.runtime;
    const refusal = limits.loginRefusal(username, clientAddress(request));
    if (refusal) throw httpError(429, refusal);
    const credential = await this.runtime.secrets.credentials.findByLogin(username);
    const valid = credential !== null && (await verifyPassword(credential.passwordHash, password));
    const user = valid ? state().users.get(credential.userId) : undefined;
    if (!user) {
      limits.loginFailed(username, clientAddress(request));
      throw httpError(403, LOGIN_TEXTS.wrongCredentials);
    }
    limits.loginSucceeded(username);
    return { token: this.runtime.secrets.jwt.sign(user.id, user.roles) };
  }

  @Get('tokens/current')
  current(@Req() request: Request) {
    return { data: userResource(requestUser(this.runtime, request)) };
  }
}
