import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { FormReply, QrTeamStatusReply } from '../../wire';
import { reservedTeamName, runSecured } from '../identity/secured-command';
import { Engine } from '../engine/engine';
import { Presence } from '../realtime/presence';
import { TeamPasswords } from '../teams/team-passwords';
import { GreetingDto, QrTeamDto } from './dto/forms.dto';
import { FormLimits } from '../limits/form-submissions';
import { clientAddress } from '../limits/logins-and-registrations';
import { httpError, rejectionError } from './http-errors';
import { actorOf } from './request-user';

/** The public forms (fqps): greeting the wall and QR team sign-up, for visitors without login. */
@ApiTags('public forms')
@Controller('api/fqps')
export class FormsController {
  constructor(
    private readonly engine: Engine,
    private readonly presence: Presence,
    private readonly teamPasswords: TeamPasswords,
    /** Greetings and QR teams per address; every attempt counts (a refused one costs work too). */
    private readonly limits: FormLimits,
  ) {}

  @Post('gruss/new')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{success: true}`' })
  @ApiBadRequestResponse({ description: 'A field missing or too long (German `detail`).' })
  @ApiTooManyRequestsResponse({ description: 'Too many greetings from this address (German `detail`).' })
  async greet(@Body() body: GreetingDto, @Req() request: Request): Promise<FormReply> {
    const limited = await this.limits.greeting(clientAddress(request));
    if (limited) throw httpError(429, limited);
    const outcome = await this.engine.pipeline.submit(
      { type: 'SubmitGreeting', username: body.username, message: body.message },
      actorOf(null),
    );
    if (!outcome.ok) throw rejectionError(outcome);
    return { success: true };
  }

  /** True only while a moderator has a live connection (presence comes from sockets, not from the log). */
  @Get('team/status')
  @ApiOkResponse({
    description:
      '`{success, registrationsOpen}`: true while a moderator is connected; whether registrations are open (closed: the sign-up is refused).',
  })
  status(): QrTeamStatusReply {
    return { success: this.moderatorOnline(), registrationsOpen: this.engine.live.state.show.allowNewRegistrations };
  }

  /** The name is reserved like any team's; a QR team has no password (members join through the host). */
  @Post('team/new')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{success: true}`' })
  @ApiConflictResponse({ description: 'The name is taken (case-insensitive).' })
  @ApiTooManyRequestsResponse({ description: 'Too many teams signed up from this address (German `detail`).' })
  async createTeam(@Body() body: QrTeamDto, @Req() request: Request): Promise<FormReply> {
    const teamId = randomUUID();
    const outcome = await runSecured(this.engine, {
      input: {
        type: 'CreateQrTeam',
        name: body.name,
        amount: body.amount ?? null,
        moderatorOnline: this.moderatorOnline(),
      },
      actor: actorOf(null),
      newId: teamId,
      limit: { take: () => this.limits.qrTeam(clientAddress(request)), countsRefused: true },
      credential: reservedTeamName(this.teamPasswords, teamId, body.name),
    });
    if (!outcome.ok) throw rejectionError(outcome);
    return { success: true };
  }

  private moderatorOnline(): boolean {
    for (const userId of this.presence.onlineUserIds()) {
      if (this.engine.live.state.users.get(userId)?.roles.includes('moderator')) return true;
    }
    return false;
  }
}
