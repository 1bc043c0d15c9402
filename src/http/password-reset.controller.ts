import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PasswordResets } from '../identity/password-reset';
import { invalidTextRejection } from '../commands';
import { present } from '../../projections/live/state/present';
import { clientAddress } from '../limits/logins-and-registrations';
import { queueTicket } from '../limits/password-hashing';
import { PasswordResetConfirmDto, PasswordResetRequestDto } from './dto/password-reset.dto';
import { httpError, rejectionError } from './http-errors';

/** Getting back in without the password (PROTOCOL.md wave 5; src/identity/password-reset.ts). */
@ApiTags('login')
@Controller('api/password-reset')
export class PasswordResetController {
  constructor(private readonly passwordResets: PasswordResets) {}

  /** Whether the show sends reset e-mails (SMTP_URL); without, the form says the crew can help. */
  @Get()
  @ApiOkResponse({
    description:
      '`{mail: true}` when the show sends reset e-mails, `{mail: false}` when only the crew can make a link.',
  })
  status() {
    return { mail: this.passwordResets.byMail };
  }

  /**
   * `{login}` or `{email}`: always 202 with the same body, whether or not such an account exists or
   * has an e-mail; an e-mail with a link goes out afterwards when it does and SMTP_URL is set.
   */
  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ description: '`{mail}` as GET answers: the same for every name.' })
  @ApiBadRequestResponse({ description: 'Neither login nor email, or one too long (German `detail`).' })
  @ApiTooManyRequestsResponse({
    description: 'Too many requests from this address or for this name (German `detail`).',
  })
  async request(@Body() body: PasswordResetRequestDto, @Req() request: Request) {
    const invalid = invalidTextRejection(body);
    if (invalid) throw rejectionError(invalid);
    const asked =
      body.login !== undefined
        ? { login: body.login }
        : { email: present(body.email, 'the e-mail address (validated: a request without a login has one)') };
    const refusal = await this.passwordResets.request(asked, clientAddress(request));
    if (refusal) throw httpError(429, refusal);
    return { mail: this.passwordResets.byMail };
  }

  /** `{token, newPassword}`: the new password is set, every older token of the user ends; `{token}` logs in. */
  @Post('confirm')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{token}`: the new login token (every older one of the user has ended).' })
  @ApiBadRequestResponse({
    description:
      'The link is unknown, expired, used or replaced by a newer one, or the password is missing or too short (German `detail`).',
  })
  async confirm(
    @Body() body: PasswordResetConfirmDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const invalid = invalidTextRejection(body);
    if (invalid) throw rejectionError(invalid);
    response.setHeader('Cache-Control', 'no-store');
    const outcome = await this.passwordResets.confirm(body.token, body.newPassword, queueTicket(request));
    if ('token' in outcome) return { token: outcome.token };
    throw rejectionError(outcome);
  }
}
