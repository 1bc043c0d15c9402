import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { UserLive } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import { releasedTeamName, reservedTeamName, runSecured } from '../identity/secured-command';
import { Engine } from '../engine/engine';
import { TeamPasswords } from '../teams/team-passwords';
import { PasswordHasher } from '../identity/password-hasher';
import { CreateTeamDto } from './dto/teams.dto';
import { rejectionError } from './http-errors';
import { teamListResource, teamResource } from './json-api';
import type { TeamListResource } from '../../wire';
import { HashingLimits } from '../limits/password-hashing';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf } from './request-user';
import { ApiAttributesBody, Attributes } from './validation';

@ApiTags('teams')
@Controller('api/teams')
export class TeamsController {
  constructor(
    private readonly engine: Engine,
    private readonly teamPasswords: TeamPasswords,
    private readonly hasher: PasswordHasher,
    /** Team creations per user (each hashes a password). */
    private readonly hashingLimits: HashingLimits,
  ) {}

  @Get()
  @LoggedIn()
  @ApiOkResponse({
    description:
      'Every team as JSON:API `teams` resources with what the team-finding page shows: `name`, `stadt`, `url`, `isNew` ' +
      '(never a password); admins and moderators also get `relationships.members`.',
  })
  list(@CurrentUser() user: UserLive) {
    const state = this.engine.live.state;
    const operator = user.roles.includes('admin') || user.roles.includes('moderator');
    const teams: Array<{ key: string; resource: TeamListResource }> = [];
    state.teams.forEach((team) =>
      teams.push({ key: team.lowerName, resource: teamListResource(state, team, operator) }),
    );
    return { data: teams.sort((a, b) => a.key.localeCompare(b.key, 'de')).map((t) => t.resource) };
  }

  /** The name is reserved (unique, case-insensitive) with the password's hash before TeamCreated (src/identity/secured-command.ts). */
  @Post()
  @HttpCode(201)
  @LoggedIn()
  @ApiAttributesBody(CreateTeamDto, 'teams')
  @ApiCreatedResponse({ description: 'The new team as a JSON:API `teams` resource.' })
  @ApiConflictResponse({ description: 'The name is taken (case-insensitive).' })
  @ApiTooManyRequestsResponse({
    description: 'Too many teams created by this user, or the server is too busy hashing (German `detail`).',
  })
  async create(@Attributes() body: CreateTeamDto, @CurrentUser() user: UserLive) {
    const teamId = randomUUID();
    const outcome = await runSecured(this.engine, {
      input: {
        type: 'CreateTeam',
        name: body.name,
        password: body.newPassword,
        stadt: body.stadt ?? '',
        beschreibung: body.beschreibung ?? '',
        url: body.url ?? '',
      },
      actor: actorOf(user),
      newId: teamId,
      limit: { take: () => this.hashingLimits.teamCreation(user.id) },
      newPassword: { hasher: this.hasher, password: body.newPassword },
      credential: reservedTeamName(this.teamPasswords, teamId, body.name),
    });
    if (!outcome.ok) throw rejectionError(outcome);
    const state = this.engine.live.state;
    return { data: teamResource(state, present(state.teams.get(teamId), 'the team just created')) };
  }

  @Delete(':id')
  @HttpCode(204)
  @LoggedIn('admin')
  @ApiNoContentResponse({ description: 'Deleted.' })
  async remove(@Param('id') id: string, @CurrentUser() user: UserLive): Promise<void> {
    const outcome = await runSecured(this.engine, {
      input: { type: 'DeleteTeam', id },
      actor: actorOf(user),
      after: [releasedTeamName(this.teamPasswords, id)],
    });
    if (!outcome.ok) throw rejectionError(outcome);
  }
}
