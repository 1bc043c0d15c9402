import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../identity/passwords';
import { invalidTextRejection } from '../commands';
import { RUNTIME, type Runtime } from '../runtime';
import { httpError, rejectionError } from './http-errors';
import { attributesOf, userResource } from './json-api';
import { actorOf, AUTH_TEXTS, requestUser, requireRole } from './request-user';

export const USER_TEXTS = {
  loginTaken: 'Konnte diesen Nutzeraccount nicht anlegen, da es den Namen bereits gibt.',
  passwordMissing: 'Konnte diesen Nutzeraccount nicht anlegen.',
} as const;

@Controller('api/users')
export class UsersController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /**
   * Registration. The login is reserved in the credentials table (unique, case-insensitive) before
   * the UserRegistered event is appended, so two registrations can never share a login.
   */
  @Post()
  @HttpCode(201)
  async register(@Body() body: unknown) {
    const invalid = invalidTextRejection(body); // before the login is reserved: the store cannot take it
    if (invalid) throw rejectionError(invalid);
    const { login, newPassword, email } = attributesOf(body);
    if (typeof newPassword !== 'string' || newPassword === '') throw httpError(400, USER_TEXTS.passwordMissing);
    const userId = randomUUID();
    const loginText = typeof login === 'string' ? login.trim() : '';
    const { credentials } = this.runtime.secrets;
    if (loginText && !(await credentials.create(userId, loginText, await hashPassword(newPassword)))) {
      throw httpError(409, USER_TEXTS.loginTaken);
    }
    const outcome = await this.runtime.engine.pipeline.submit(
      { type: 'RegisterUser', login: loginText, password: newPassword, email: typeof email === 'string' ? email : null },
      actorOf(null),
      { reservedIds: [userId] },
    );
    if (!outcome.ok) {
      await credentials.remove(userId);
      throw rejectionError(outcome);
    }
    return { data: userResource(this.runtime.engine.live.state.users.get(userId)!) };
  }

  @Get()
  list(@Req() request: Request) {
    requireRole(requestUser(this.runtime, request), 'moderator');
    const users: ReturnType<typeof userResource>[] = [];
    this.runtime.engine.live.state.users.forEach((user) => users.push(userResource(user)));
    return { data: users.sort((a, b) => a.attributes.name.localeCompare(b.attributes.name, 'de')) };
  }

  /** Profile (name, new password) and the email popup's "seen" mark, for the user themself. */
  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown, @Req() request: Request) {
    const user = requestUser(this.runtime, request);
    if (user.id !== id) throw httpError(403, AUTH_TEXTS.forbidden);
    const { name, newPassword, shownEmailPopupAt } = attributesOf(body);
    const { pipeline } = this.runtime.engine;
    if (shownEmailPopupAt !== undefined && shownEmailPopupAt !== null && user.shownEmailPopupAt === null) {
      const seen = await pipeline.submit({ type: 'MarkEmailPopupSeen', userId: id }, actorOf(user));
      if (!seen.ok) throw rejectionError(seen);
    }
    const password = typeof newPassword === 'string' ? newPassword : '';
    if (name !== undefined || password !== '') {
      const outcome = await pipeline.submit(
        { type: 'UpdateProfile', userId: id, name: typeof name === 'string' ? name : user.name, newPassword: password, newPasswordRepeat: password },
        actorOf(user),
      );
      if (!outcome.ok) throw rejectionError(outcome);
      if (password) await this.runtime.secrets.credentials.setPassword(id, await hashPassword(password));
    }
    return { data: userResource(this.runtime.engine.live.state.users.get(id)!) };
  }
}
