import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { UserLive } from '../../projections/live';
import { verifyPassword } from '../identity/passwords';
import { RUNTIME, type Runtime } from '../runtime';
import { LOGIN_TEXTS, TokenAuthDto, TokenDto } from './dto/auth.dto';
import { httpError } from './http-errors';
import { userResource } from './json-api';
import { CurrentUser, LoggedIn } from './logged-in.guard';

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
  async tokenAuth(@Body() body: TokenAuthDto): Promise<TokenDto> {
    const state = () => this.runtime.engine.live.state;
    if (body.token !== undefined) {
      const linkId = await this.runtime.secrets.tokens.redeem('login', body.token);
      const userId = linkId ? state().loginLinks.get(linkId) : undefined;
      const user = userId ? state().users.get(userId) : undefined;
      if (!user) throw httpError(403, LOGIN_TEXTS.invalidLink);
      return { token: this.runtime.secrets.jwt.sign(user.id, user.roles) };
    }
    const credential = await this.runtime.secrets.credentials.findByLogin(body.username!);
    const valid = credential !== null && (await verifyPassword(credential.passwordHash, body.password!));
    const user = valid ? state().users.get(credential.userId) : undefined;
    if (!user) throw httpError(403, LOGIN_TEXTS.wrongCredentials);
    return { token: this.runtime.secrets.jwt.sign(user.id, user.roles) };
  }

  @Get('tokens/current')
  @LoggedIn()
  @ApiOkResponse({ description: 'The logged-in user as a JSON:API `users` resource.' })
  current(@CurrentUser() user: UserLive) {
    return { data: userResource(user) };
  }
}
