import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../identity/passwords';
import { invalidTextRejection } from '../commands';
import { RUNTIME, type Runtime } from '../runtime';
import { httpError, rejectionError } from './http-errors';
import { attributesOf, teamResource } from './json-api';
import { actorOf, requestUser, requireRole } from './request-user';

export const TEAM_TEXTS = {
  nameTaken: 'Konnte Gruppe nicht anlegen, da es den Namen bereits gibt.',
  failed: 'Konnte Gruppe nicht anlegen.',
} as const;

@Controller('api/teams')
export class TeamsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  list(@Req() request: Request) {
    requestUser(this.runtime, request);
    const state = this.runtime.engine.live.state;
    const teams: ReturnType<typeof teamResource>[] = [];
    state.teams.forEach((team) => teams.push(teamResource(state, team)));
    return { data: teams.sort((a, b) => a.attributes.lowerName.localeCompare(b.attributes.lowerName, 'de')) };
  }

  /** The name is reserved (unique, case-insensitive) with the password hash before TeamCreated is appended. */
  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Req() request: Request) {
    const user = requestUser(this.runtime, request);
    const invalid = invalidTextRejection(body); // before the name is reserved: the store cannot take it
    if (invalid) throw rejectionError(invalid);
    const { name, newPassword, stadt, beschreibung, url } = attributesOf(body);
    if (typeof newPassword !== 'string' || newPassword === '' || typeof name !== 'string') throw httpError(400, TEAM_TEXTS.failed);
    const teamId = randomUUID();
    const { teamPasswords } = this.runtime.secrets;
    if (!(await teamPasswords.reserve(teamId, name, await hashPassword(newPassword)))) throw httpError(409, TEAM_TEXTS.nameTaken);
    const outcome = await this.runtime.engine.pipeline.submit(
      { type: 'CreateTeam', name, password: newPassword, stadt: String(stadt ?? ''), beschreibung: String(beschreibung ?? ''), url: String(url ?? '') },
      actorOf(user),
      { reservedIds: [teamId] },
    );
    if (!outcome.ok) {
      await teamPasswords.release(teamId);
      throw rejectionError(outcome);
    }
    const state = this.runtime.engine.live.state;
    return { data: teamResource(state, state.teams.get(teamId)!) };
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string, @Req() request: Request): Promise<void> {
    const user = requestUser(this.runtime, request);
    requireRole(user, 'admin');
    const outcome = await this.runtime.engine.pipeline.submit({ type: 'DeleteTeam', id }, actorOf(user));
    if (!outcome.ok) throw rejectionError(outcome);
    await this.runtime.secrets.teamPasswords.release(id);
  }
}
