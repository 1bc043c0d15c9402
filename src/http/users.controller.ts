import { Controller, Delete, Get, HttpCode, Inject, Logger, Param, Patch, Post, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { publicOrigin } from './public-origin';
import { exportOwnData } from '../identity/own-data';
import { randomUUID } from 'node:crypto';
import type { UserLive } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import {
  currentPasswordProof,
  replacedPassword,
  reservedLogin,
  runSecured,
  type SecuredLimit,
} from '../identity/secured-command';
import { Engine } from '../engine/engine';
import { Credentials } from '../identity/credentials';
import { PasswordHasher } from '../identity/password-hasher';
import { TokenService } from '../auth/jwt';
import { PasswordResets } from '../identity/password-reset';
import type { Storage } from '../store/storage';
import type { AppConfig } from '../config';
import { APP_CONFIG, STORAGE } from '../tokens';
import { EraseAccountDto, RegisterUserDto, UpdateUserDto } from './dto/users.dto';
import { Erasure } from '../identity/erasure';
import { httpError, rejectionError } from './http-errors';
import { HashingLimits, queueTicket } from '../limits/password-hashing';
import { OwnDataExportLimit } from '../limits/own-data-exports';
import { userResource } from './json-api';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { clientAddress, RegistrationLimit } from '../limits/logins-and-registrations';
import { actorOf } from './request-user';
import { ApiAttributesBody, Attributes } from './validation';

@ApiTags('users')
@Controller('api/users')
export class UsersController {
  private readonly logger = new Logger('Löschung');

  constructor(
    private readonly engine: Engine,
    private readonly credentials: Credentials,
    private readonly hasher: PasswordHasher,
    private readonly jwt: TokenService,
    private readonly registrations: RegistrationLimit,
    /** Password changes per user and erasures per admin (each hashes or verifies a password). */
    private readonly hashingLimits: HashingLimits,
    /** Exports of one's own data per user (each reads the whole log). */
    private readonly exports: OwnDataExportLimit,
    private readonly passwordResets: PasswordResets,
    private readonly erasure: Erasure,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Registration: the login is reserved with the password's hash before UserRegistered (src/identity/secured-command.ts). */
  @Post()
  @HttpCode(201)
  @ApiAttributesBody(RegisterUserDto, 'users')
  @ApiCreatedResponse({ description: 'The new user as a JSON:API `users` resource.' })
  @ApiConflictResponse({ description: 'The login is taken (case-insensitive).' })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations from this address (German `detail`).' })
  @ApiForbiddenResponse({
    description: 'The admin closed registration (show setting `allowNewAccounts`; German `detail`).',
  })
  async register(@Attributes() body: RegisterUserDto, @Req() request: Request) {
    const userId = randomUUID();
    const login = body.login?.trim() ?? '';
    const password = body.newPassword ?? '';
    const outcome = await runSecured(this.engine, {
      input: { type: 'RegisterUser', login, password, email: body.email ?? null },
      actor: actorOf(null),
      newId: userId,
      limit: { take: () => this.registrations.registration(clientAddress(request)), countsRefused: true },
      newPassword: { hasher: this.hasher, password, ticket: queueTicket(request) },
      credential: reservedLogin(this.credentials, userId, login),
    });
    if (!outcome.ok) throw rejectionError(outcome);
    return { data: userResource(present(this.engine.live.state.users.get(userId), 'the user just registered')) };
  }

  @Get()
  @LoggedIn('admin', 'moderator')
  @ApiOkResponse({
    description:
      'Every user as JSON:API `users` resources, by name; `attributes.perm` lists their roles. Only an admin reads the e-mail addresses (a moderator gets `email: null`).',
  })
  list(@CurrentUser() reader: UserLive) {
    const users: ReturnType<typeof userResource>[] = [];
    // A moderator runs the show and needs names and roles, not how to reach every player (data minimisation, DSGVO Art. 5).
    const withEmail = reader.roles.includes('admin');
    this.engine.live.state.users.forEach((user) => {
      if (user.erased) return;
      const resource = userResource(user);
      users.push(withEmail ? resource : { ...resource, attributes: { ...resource.attributes, email: null } });
    });
    return { data: users.sort((a, b) => a.attributes.name.localeCompare(b.attributes.name, 'de')) };
  }

  /**
   * Profile (name, new password, e-mail address) and the email popup's "seen" mark, for the user themself;
   * a new password or address needs the current one and ends every older token (the answer's `meta.token` is the new one). An admin
   * may set another user's password (newPassword only, no current password).
   */
  @Patch(':id')
  @LoggedIn()
  @ApiAttributesBody(UpdateUserDto, 'users')
  @ApiOkResponse({
    description: 'The user as a JSON:API `users` resource; after a password change `meta.token`, the new login token.',
  })
  @ApiForbiddenResponse({
    description: "Another user's profile (an admin may only set its password), or a wrong current password.",
  })
  async update(@Param('id') id: string, @Attributes() body: UpdateUserDto, @CurrentUser() user: UserLive) {
    const { name, newPassword, currentPassword, shownEmailPopupAt, email } = body;
    const password = newPassword ?? '';
    const own = user.id === id;
    // The address before a new password: the current password proves both, and it is still the current one.
    if (email !== undefined) {
      const changed = await runSecured(this.engine, {
        input: { type: 'ChangeEmail', userId: id, email: email ?? '' },
        actor: actorOf(user),
        limit: { take: () => this.hashingLimits.passwordChange(user.id) },
        proof: currentPasswordProof(this.hasher, this.credentials, id, currentPassword),
      });
      if (!changed.ok) throw rejectionError(changed);
    }
    if (!own || name !== undefined || password !== '') {
      const { credentials, hasher } = this;
      const outcome = await runSecured(this.engine, {
        // Another user's account is an admin's password reset; the rules say who may change what.
        input: own
          ? {
              type: 'UpdateProfile',
              userId: id,
              name: name ?? user.name,
              newPassword: password,
              newPasswordRepeat: password,
            }
          : { type: 'ResetPassword', userId: id, newPassword: password, name, shownEmailPopupAt },
        actor: actorOf(user),
        limit: { take: () => this.hashingLimits.passwordChange(user.id) },
        proof: own && password !== '' ? currentPasswordProof(hasher, credentials, id, currentPassword) : undefined,
        newPassword: password === '' ? undefined : { hasher, password },
        credential: password === '' ? undefined : replacedPassword(credentials, id),
      });
      if (!outcome.ok) throw rejectionError(outcome);
    }
    if (own && shownEmailPopupAt !== undefined && shownEmailPopupAt !== null) {
      const seen = await this.engine.pipeline.submit({ type: 'MarkEmailPopupSeen', userId: id }, actorOf(user));
      if (!seen.ok) throw rejectionError(seen);
    }
    const updated = present(this.engine.live.state.users.get(id), 'the user just updated');
    return { data: userResource(updated), ...(password ? { meta: { token: this.jwt.sign(updated) } } : {}) };
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
    const refused = this.hashingLimits.passwordChange(user.id);
    if (refused !== null) throw httpError(429, refused);
    const outcome = await this.securedErasure(user.id, user, body.currentPassword);
    if (!outcome.ok) throw rejectionError(outcome);
  }

  /**
   * One's own data (DSGVO Art. 15 and 20) as a JSON download: the account, its changes, teams,
   * proposals, chat lines, answers with their ratings and points, stars, uploads' names; nothing
   * personal of anyone else. Each export reads the log once: limited per user.
   */
  @Get('me/export')
  @LoggedIn()
  @ApiOkResponse({
    description:
      'A JSON document (`Content-Disposition: attachment; filename="meine-daten.json"`) of everything the show holds about the caller.',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many exports in an hour (German `detail`).' })
  async exportOwn(@CurrentUser() user: UserLive, @Res({ passthrough: true }) response: Response) {
    const now = Date.now();
    const refused = this.exports.take(user.id, now);
    if (refused !== null) throw httpError(429, refused);
    const live = this.engine.live;
    const data = await exportOwnData(this.storage.events, live.state, live.position, user.id, now);
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Content-Disposition', 'attachment; filename="meine-daten.json"');
    return data;
  }

  /** A one-time password reset link for the user, to hand over (a player without e-mail); the event names the admin. */
  @Post(':id/reset-link')
  @HttpCode(200)
  @LoggedIn('admin')
  @ApiOkResponse({
    description:
      "`{url}`: `<PUBLIC_URL or this origin>/passwort-neu#<token>`, single use, 60 minutes; it ends the user's older reset links.",
  })
  async resetLink(
    @Param('id') id: string,
    @CurrentUser() user: UserLive,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const made = await this.passwordResets.linkFor(id, actorOf(user), publicOrigin(this.config, request));
    if (!('url' in made)) throw rejectionError(made);
    response.setHeader('Cache-Control', 'no-store');
    return { url: made.url };
  }

  /**
   * An admin erases anyone's account but the last working admin's, proven by the admin's own current
   * password, a limited number an hour per admin; each erasure is logged at warn (ids only: the erased
   * person's name must not outlive them in the log).
   */
  @Delete(':id')
  @HttpCode(204)
  @LoggedIn('admin')
  @ApiAttributesBody(EraseAccountDto, 'users')
  @ApiNoContentResponse({ description: 'Erased; every token of the account ends, its sockets close.' })
  @ApiForbiddenResponse({ description: "The acting admin's current password is missing or wrong (German `detail`)." })
  @ApiConflictResponse({ description: 'The last admin who is not blocked cannot be erased (German `detail`).' })
  @ApiTooManyRequestsResponse({
    description: 'This admin erased too many accounts in the last hour (German `detail`).',
  })
  async erase(
    @Param('id') id: string,
    @Attributes() body: EraseAccountDto,
    @CurrentUser() user: UserLive,
  ): Promise<void> {
    const outcome = await this.securedErasure(id, user, body.currentPassword, {
      take: () => this.hashingLimits.erasure(user.id),
    });
    if (!outcome.ok) throw rejectionError(outcome);
    this.logger.warn(`Konto ${id} gelöscht von Admin ${user.id}`);
  }

  /** The secured-command step: a refused erasure costs no hash; the actor's current password decides. */
  private securedErasure(userId: string, actor: UserLive, currentPassword: unknown, limit?: SecuredLimit) {
    return runSecured(this.engine, {
      input: { type: 'EraseUser', userId },
      actor: actorOf(actor),
      limit,
      proof: currentPasswordProof(this.hasher, this.credentials, actor.id, currentPassword),
      after: [this.erasure.cleanUp(userId)],
    });
  }
}
