import { Controller, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { UserLive } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import { Engine } from '../engine/engine';
import { SetUserRolesDto } from './dto/user-roles.dto';
import { rejectionError } from './http-errors';
import { userResource } from './json-api';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf } from './request-user';
import { ApiAttributesBody, Attributes } from './validation';

/** Operator accounts (PROTOCOL.md): an admin sets who is admin, moderator or tester. */
@ApiTags('users')
@Controller('api/users')
export class UserRolesController {
  constructor(private readonly engine: Engine) {}

  /**
   * The roles become the given ones: an event naming the admin (UserRolesChanged). It holds at once:
   * the user's open sockets send and see with the new roles, and every new token carries them in `perm`.
   */
  @Put(':id/roles')
  @HttpCode(200)
  @LoggedIn('admin')
  @ApiAttributesBody(SetUserRolesDto, 'users')
  @ApiOkResponse({
    description:
      'The user as a JSON:API `users` resource, `attributes.perm` holding the new roles (unchanged ones: the same).',
  })
  @ApiNotFoundResponse({ description: 'No user with this id (German `detail`).' })
  async setRoles(@Param('id') id: string, @Attributes() body: SetUserRolesDto, @CurrentUser() admin: UserLive) {
    const { pipeline, live } = this.engine;
    const outcome = await pipeline.submit({ type: 'SetUserRoles', userId: id, roles: body.roles }, actorOf(admin));
    if (!outcome.ok) throw rejectionError(outcome);
    return { data: userResource(present(live.state.users.get(id), 'the user whose roles were just set')) };
  }
}
