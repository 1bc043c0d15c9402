import { Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { UserLive } from '../../projections/live';
import { hashPassword } from '../identity/passwords';
import { decideInput, invalidTextRejection, type CommandInput } from '../commands';
import { RUNTIME, type Runtime } from '../runtime';
import { CreateTeamDto } from './dto/teams.dto';
import { httpError, rejectionError } from './http-errors';
import { teamListResource, teamResource } from './json-api';
import type { TeamListResource } from '../../wire';
import { HASHING_LIMIT_TEXTS, TEAMS_CREATED_PER_USER } from '../limits/password-hashing';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { WindowCounter } from '../limits/window-counter';
import { actorOf } from './request-user';
import { ApiAttributesBody, Attributes } from './validation';
import { TEAM_TEXTS } from '../edge-texts';


@ApiTags('teams')
@Controller('api/teams')
export class TeamsController {
  /** Team creations per user (each hashes a password). */
  private readonly creations = new WindowCounter(TEAMS_CREATED_PER_USER);

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @LoggedIn()
  @ApiOkResponse({
    description: 'Every team as JSON:API `teams` resources with what the team-finding page shows: `name`, `stadt`, `url`, `isNew` '
      + '(never a password); admins and moderators also get `relationships.members`.',
  })
  list(@CurrentUser() user: UserLive) {
    const state = this.runtime.engine.live.state;
    const operator = user.roles.includes('admin') || user.roles.includes('moderator');
    const teams: Array<{ key: string; resource: TeamListResource }> = [];
    state.teams.forEach((team) => teams.push({ key: team.lowerName, resource: teamListResource(state, team, operator) }));
    return { data: teams.sort((a, b) => a.key.localeCompare(b.key, 'de')).map((t) => t.resource) };
  }

  /** The name is reserved (unique, case-insensitive) with the password hash before TeamCreated is appended. */
  @Post()
  @HttpCode(201)
  @LoggedIn()
  @ApiAttributesBody(CreateTeamDto, 'teams')
  @ApiCreatedResponse({ description: 'The new team as a JSON:API `teams` resource.' })
  @ApiConflictResponse({ description: 'The name is taken (case-insensitive).' })
  @ApiTooManyRequestsResponse({ description: 'Too many teams created by this user, or the server is too busy hashing (German `detail`).' })
  async create(@Attributes() body: CreateTeamDto, @CurrentUser() user: UserLive) {
    const invalid = invalidTextRejection(body); // before the name is reserved: the store cannot take it
    if (invalid) throw rejectionError(invalid);
    const input: CommandInput = {
      type: 'CreateTeam', name: body.name, password: body.newPassword, stadt: body.stadt ?? '', beschreibung: body.beschreibung ?? '', url: body.url ?? '',
    };
    // The rule first (registrations open, the name free, the fields valid), so that a refusal costs no hash.
    // A refusal stands only against everything stored (registrations may just have opened through another instance).
    const teamId = randomUUID();
    const { live } = this.runtime.engine;
    const dryRunOn = () => decideInput(live.state, input, { now: Date.now(), actor: actorOf(user), newId: () => teamId, commandId: teamId });
    let dryRun = dryRunOn();
    if (!dryRun.ok) {
      await live.catchUp();
      dryRun = dryRunOn();
    }
    if (!dryRun.ok) throw rejectionError(dryRun);
    if (!this.creations.take(user.id, Date.now())) throw httpError(429, HASHING_LIMIT_TEXTS.teams);
    const { teamPasswords } = this.runtime.secrets;
    if (!(await teamPasswords.reserve(teamId, body.name, await hashPassword(body.newPassword)))) throw httpError(409, TEAM_TEXTS.nameTaken);
    const outcome = await this.runtime.engine.pipeline.submit(input, actorOf(user), { reservedIds: [teamId] });
    if (!outcome.ok) {
      await teamPasswords.release(teamId);
      throw rejectionError(outcome);
    }
    const state = this.runtime.engine.live.state;
    return { data: teamResource(state, state.teams.get(teamId)!) };
  }

  @Delete(':id')
  @HttpCode(204)
  @LoggedIn('admin')
  @ApiNoContentResponse({ description: 'Deleted.' })
  async remove(@Param('id') id: string, @CurrentUser() user: UserLive): Promise<void> {
    const outcome = await this.runtime.engine.pipeline.submit({ type: 'DeleteTeam', id }, actorOf(user));
    if (!outcome.ok) throw rejectionError(outcome);
    await this.runtime.secrets.teamPasswords.release(id);
  }
}
