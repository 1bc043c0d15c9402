import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Req } from '@nestjs/common';
import {
  ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { UserLive } from '../../projections/live';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { invalidTextRejection } from '../commands';
import { newAccountsClosed } from '../../projections/live';
import { RUNTIME, type Runtime } from '../runtime';
import { EraseAccountDto, RegisterUserDto, UpdateUserDto } from './dto/users.dto';
import { eraseUser } from '../identity/erasure';
import type { CommandOutcome } from '../engine/command-pipeline';
import { httpError, rejectionError } from './http-errors';
import { HASHING_LIMIT_TEXTS, PASSWORD_CHANGES_PER_USER, queueTicket } from '../limits/password-hashing';
import { userResource } from './json-api';
import { WindowCounter } from '../limits/window-counter';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { clientAddress } from '../limits/logins-and-registrations';
import { actorOf } from './request-user';
import { ApiAttributesBody, Attributes } from './validation';
import { AUTH_TEXTS, USER_TEXTS } from '../edge-texts';
import { IDENTITY_COMMAND_TEXTS } from '../commands/identity';


@ApiTags('users')
@Controller('api/users')
export class UsersController {
  /** Password changes per user (each hashes a password). */
  private readonly passwordChanges = new WindowCounter(PASSWORD_CHANGES_PER_USER);

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /**
   * Registration. The login is reserved in the credentials table (unique, case-insensitive) before
   * the UserRegistered event is appended, so two registrations can never share a login.
   */
  @Post()
  @HttpCode(201)
  @ApiAttributesBody(RegisterUserDto, 'users')
  @ApiCreatedResponse({ description: 'The new user as a JSON:API `users` resource.' })
  @ApiConflictResponse({ description: 'The login is taken (case-insensitive).' })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations from this address (German `detail`).' })
  @ApiForbiddenResponse({ description: 'The admin closed registration (show setting `allowNewAccounts`; German `detail`).' })
  async register(@Attributes() body: RegisterUserDto, @Req() request: Request) {
    // Closed registration costs no password hash: the rule (registerUser) says it again after the reservation.
    if (newAccountsClosed(this.runtime.engine.live.state.showSettings)) throw httpError(403, IDENTITY_COMMAND_TEXTS.newAccountsClosed);
    const refusal = await this.runtime.limits.registration(clientAddress(request));
    if (refusal) throw httpError(429, refusal);
    const invalid = invalidTextRejection(body); // before the login is reserved: the store cannot take it
    if (invalid) throw rejectionError(invalid);
    const userId = randomUUID();
    const loginText = body.login?.trim() ?? '';
    const { credentials } = this.runtime.secrets;
    if (loginText && !(await credentials.create(userId, loginText, await hashPassword(body.newPassword, { ticket: queueTicket(request) })))) {
      throw httpError(409, USER_TEXTS.loginTaken);
    }
    const outcome = await this.runtime.engine.pipeline.submit(
      { type: 'RegisterUser', login: loginText, password: body.newPassword, email: body.email ?? null },
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
  @LoggedIn('admin', 'moderator')
  @ApiOkResponse({ description: 'Every user as JSON:API `users` resources, by name; `attributes.perm` lists their roles. Only an admin reads the e-mail addresses (a moderator gets `email: null`).' })
  list(@CurrentUser() reader: UserLive) {
    const users: ReturnType<typeof userResource>[] = [];
    // A moderator runs the show and needs names and roles, not how to reach every player (data minimisation, DSGVO Art. 5).
    const withEmail = reader.roles.includes('admin');
    this.runtime.engine.live.state.users.forEach((user) => {
      if (user.erased) return;
      const resource = userResource(user);
      users.push(withEmail ? resource : { ...resource, attributes: { ...resource.attributes, email: null } });
    });
    return { data: users.sort((a, b) => a.attributes.name.localeCompare(b.attributes.name, 'de')) };
  }

  /**
   * Profile (name, new password) and the email popup's "seen" mark, for the user themself; a new password
   * needs the current one and ends every older token (the answer's `meta.token` is the new one). An admin
   * may set another user's password (newPassword only, no current password).
   */
  @Patch(':id')
  @LoggedIn()
  @ApiAttributesBody(UpdateUserDto, 'users')
  @ApiOkResponse({ description: 'The user as a JSON:API `users` resource; after a password change `meta.token`, the new login token.' })
  @ApiForbiddenResponse({ description: 'Another user\'s profile (an admin may only set its password), or a wrong current password.' })
  async update(@Param('id') id: string, @Attributes() body: UpdateUserDto, @CurrentUser() user: UserLive) {
    const { name, newPassword, currentPassword, shownEmailPopupAt } = body;
    // Each change hashes a password: limited per user (src/limits/password-hashing.ts).
    if (newPassword && !this.passwordChanges.take(user.id, Date.now())) throw httpError(429, HASHING_LIMIT_TEXTS.passwords);
    const { pipeline } = this.runtime.engine;
    const { credentials } = this.runtime.secrets;
    const password = newPassword ?? '';
    if (user.id !== id) {
      if (!user.roles.includes('admin') || password === '' || name !== undefined || shownEmailPopupAt !== undefined) throw httpError(403, AUTH_TEXTS.forbidden);
      const reset = await this.withNewHash(id, password, () => pipeline.submit({ type: 'ResetPassword', userId: id, newPassword: password }, actorOf(user)));
      if (!reset.ok) throw rejectionError(reset);
      return { data: userResource(this.runtime.engine.live.state.users.get(id)!) };
    }
    if (password !== '') {
      const credential = await credentials.findByUserId(id);
      const current = typeof currentPassword === 'string' ? currentPassword : '';
      if (!credential || current === '' || !(await verifyPassword(credential.passwordHash, current))) throw httpError(403, USER_TEXTS.currentPasswordWrong);
    }
    if (shownEmailPopupAt !== undefined && shownEmailPopupAt !== null && user.shownEmailPopupAt === null) {
      const seen = await pipeline.submit({ type: 'MarkEmailPopupSeen', userId: id }, actorOf(user));
      if (!seen.ok) throw rejectionError(seen);
    }
    if (name !== undefined || password !== '') {
      const update = () => pipeline.submit(
        { type: 'UpdateProfile', userId: id, name: name ?? user.name, newPassword: password, newPasswordRepeat: password },
        actorOf(user),
      );
      const outcome = password ? await this.withNewHash(id, password, update) : await update();
      if (!outcome.ok) throw rejectionError(outcome);
    }
    const updated = this.runtime.engine.live.state.users.get(id)!;
    return { data: userResource(updated), ...(password ? { meta: { token: this.runtime.secrets.jwt.sign(updated) } } : {}) };
  }

  /**
   * The new password's hash is stored before the event that ends the older tokens is appended: once
   * UserPasswordChanged is in the log, the new password works on every instance (before, a login in
   * between found the old hash and a failed write left the tokens ended with the old password). A
   * refused command puts the old hash back.
   */
  private async withNewHash(userId: string, password: string, append: () => Promise<CommandOutcome>): Promise<CommandOutcome> {
    const { credentials } = this.runtime.secrets;
    const previous = await credentials.findByUserId(userId);
    const hash = await hashPassword(password);
    if (previous) await credentials.setPassword(userId, hash);
    const outcome = await append().catch(async (error: unknown) => {
      if (previous) await credentials.setPassword(userId, previous.passwordHash);
      throw error;
    });
    if (!outcome.ok && previous) await credentials.setPassword(userId, previous.passwordHash);
    return outcome;
  }

  /**
   * Erasure of one's own account (DSGVO Art. 17): the current password proves it is them. Their personal
   * data goes for good, their login is free again, the show's history keeps what they did, unnamed.
   */
  @Delete('me')
  @HttpCode(204)
  @LoggedIn()
  @ApiAttributesBody(EraseAccountDto, 'users')
  @ApiNoContentResponse({ description: 'Erased; every token of the account ends, its sockets close.' })
  @ApiForbiddenResponse({ description: 'The current password is missing or wrong (German `detail`).' })
  @ApiConflictResponse({ description: 'The last admin cannot be erased (German `detail`).' })
  async eraseOwn(@Attributes() body: EraseAccountDto, @CurrentUser() user: UserLive): Promise<void> {
    // Each try hashes a password: limited per user like a password change.
    if (!this.passwordChanges.take(user.id, Date.now())) throw httpError(429, HASHING_LIMIT_TEXTS.passwords);
    const credential = await this.runtime.secrets.credentials.findByUserId(user.id);
    const current = typeof body.currentPassword === 'string' ? body.currentPassword : '';
    if (!credential || current === '' || !(await verifyPassword(credential.passwordHash, current))) throw httpError(403, USER_TEXTS.currentPasswordWrong);
    const outcome = await eraseUser(this.runtime, user.id, actorOf(user));
    if (!outcome.ok) throw rejectionError(outcome);
  }

  /** An admin erases anyone's account but the last admin's. */
  @Delete(':id')
  @HttpCode(204)
  @LoggedIn('admin')
  @ApiNoContentResponse({ description: 'Erased; every token of the account ends, its sockets close.' })
  @ApiConflictResponse({ description: 'The last admin cannot be erased (German `detail`).' })
  async erase(@Param('id') id: string, @CurrentUser() user: UserLive): Promise<void> {
    const outcome = await eraseUser(this.runtime, id, actorOf(user));
    if (!outcome.ok) throw rejectionError(outcome);
  }
}
