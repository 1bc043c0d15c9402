import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { FormReply } from '../../wire';
import { invalidTextRejection } from '../commands';
import { RUNTIME, type Runtime } from '../runtime';
import { GreetingDto, QrTeamDto } from './dto/forms.dto';
import { FORM_LIMIT_TEXTS, GREETINGS_PER_ADDRESS, QR_TEAMS_PER_ADDRESS } from '../limits/form-submissions';
import { SharedWindowCounter } from '../limits/shared-window-counter';
import { clientAddress } from '../limits/logins-and-registrations';
import { httpError, rejectionError } from './http-errors';
import { actorOf } from './request-user';
import { TEAM_TEXTS } from '../edge-texts';

/** Not an argon2 hash: no password ever verifies against it. */
const NO_PASSWORD = '!no-password';

/** The public forms (fqps): greeting the wall and QR team sign-up, for visitors without login. */
@ApiTags('public forms')
@Controller('api/fqps')
export class FormsController {
  /**
   * Greetings and QR teams per address, in the write side's database (both go into the log: shared by
   * the instances on Postgres); every attempt counts (a refused one costs work too).
   */
  private readonly greetings: SharedWindowCounter;
  private readonly qrTeams: SharedWindowCounter;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
    this.greetings = new SharedWindowCounter(runtime.storage.sql, 'greetings', GREETINGS_PER_ADDRESS);
    this.qrTeams = new SharedWindowCounter(runtime.storage.sql, 'qr-teams', QR_TEAMS_PER_ADDRESS);
  }

  @Post('gruss/new')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{success: true}`' })
  @ApiBadRequestResponse({ description: 'A field missing or too long (German `detail`).' })
  @ApiTooManyRequestsResponse({ description: 'Too many greetings from this address (German `detail`).' })
  async greet(@Body() body: GreetingDto, @Req() request: Request): Promise<FormReply> {
    const wait = await this.greetings.takeOrWait(clientAddress(request), Date.now());
    if (wait > 0) throw httpError(429, FORM_LIMIT_TEXTS.greetings(wait));
    const outcome = await this.runtime.engine.pipeline.submit({ type: 'SubmitGreeting', username: body.username, message: body.message }, actorOf(null));
    if (!outcome.ok) throw rejectionError(outcome);
    return { success: true };
  }

  /** True only while a moderator has a live connection (presence comes from sockets, not from the log). */
  @Get('team/status')
  @ApiOkResponse({ description: '`{success}`: true while a moderator is connected.' })
  status(): FormReply {
    return { success: this.moderatorOnline() };
  }

  /** The name is reserved like any team's; a QR team has no password (members join through the host). */
  @Post('team/new')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{success: true}`' })
  @ApiConflictResponse({ description: 'The name is taken (case-insensitive).' })
  @ApiTooManyRequestsResponse({ description: 'Too many teams signed up from this address (German `detail`).' })
  async createTeam(@Body() body: QrTeamDto, @Req() request: Request): Promise<FormReply> {
    const wait = await this.qrTeams.takeOrWait(clientAddress(request), Date.now());
    if (wait > 0) throw httpError(429, FORM_LIMIT_TEXTS.qrTeams(wait));
    const invalid = invalidTextRejection(body); // before the name is reserved: the store cannot take it
    if (invalid) throw rejectionError(invalid);
    const teamId = randomUUID();
    const { teamPasswords } = this.runtime.secrets;
    if (body.name.trim() && !(await teamPasswords.reserve(teamId, body.name, NO_PASSWORD))) throw httpError(409, TEAM_TEXTS.nameTaken);
    const outcome = await this.runtime.engine.pipeline.submit(
      { type: 'CreateQrTeam', name: body.name, amount: body.amount ?? null, moderatorOnline: this.moderatorOnline() },
      actorOf(null),
      { reservedIds: [teamId] },
    );
    if (!outcome.ok) {
      await teamPasswords.release(teamId);
      throw rejectionError(outcome);
    }
    return { success: true };
  }

  private moderatorOnline(): boolean {
    const { presence, engine } = this.runtime;
    for (const userId of presence.onlineUserIds()) {
      if (engine.live.state.users.get(userId)?.roles.includes('moderator')) return true;
    }
    return false;
  }
}
