import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { invalidTextRejection } from '../commands';
import { RUNTIME, type Runtime } from '../runtime';
import { httpError, rejectionError } from './http-errors';
import { TEAM_TEXTS } from './teams.controller';

/** Not an argon2 hash: no password ever verifies against it. */
const NO_PASSWORD = '!no-password';
import { actorOf } from './request-user';

/** The public forms (fqps): greeting the wall and QR team sign-up, for visitors without login. */
@Controller('api/fqps')
export class FormsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Post('gruss/new')
  @HttpCode(200)
  async greet(@Body() body: Record<string, unknown> | undefined) {
    const outcome = await this.runtime.engine.pipeline.submit(
      { type: 'SubmitGreeting', username: String(body?.username ?? ''), message: String(body?.message ?? '') },
      actorOf(null),
    );
    if (!outcome.ok) throw rejectionError(outcome);
    return { success: true };
  }

  /** True only while a moderator has a live connection (presence comes from sockets, not from the log). */
  @Get('team/status')
  status() {
    return { success: this.moderatorOnline() };
  }

  /** The name is reserved like any team's; a QR team has no password (members join through the host). */
  @Post('team/new')
  @HttpCode(200)
  async createTeam(@Body() body: Record<string, unknown> | undefined) {
    const invalid = invalidTextRejection(body); // before the name is reserved: the store cannot take it
    if (invalid) throw rejectionError(invalid);
    const name = String(body?.name ?? '');
    const teamId = randomUUID();
    const { teamPasswords } = this.runtime.secrets;
    if (name.trim() && !(await teamPasswords.reserve(teamId, name, NO_PASSWORD))) throw httpError(409, TEAM_TEXTS.nameTaken);
    const outcome = await this.runtime.engine.pipeline.submit(
      { type: 'CreateQrTeam', name, amount: (body?.amount ?? null) as string | number | null, moderatorOnline: this.moderatorOnline() },
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
