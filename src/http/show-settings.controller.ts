import { Body, Controller, Get, Put, Req, Res, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { ShowSettings } from '../../events';
import type { UserLive } from '../../projections/live';
import { Engine } from '../engine/engine';
import { ShowSettingsDto } from './dto/show-settings.dto';
import { clientAddress } from '../limits/logins-and-registrations';
import { rejectionError } from './http-errors';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { actorOf } from './request-user';
import { ShowSettingsFeed } from './show-settings-feed';

/** PROTOCOL.md "Show settings": what configures the show at run time (links, stream, dates). */
@ApiTags('show settings')
@Controller('api/show-settings')
export class ShowSettingsController implements OnModuleInit, OnModuleDestroy {
  private readonly feed: ShowSettingsFeed;

  constructor(private readonly engine: Engine) {
    this.feed = new ShowSettingsFeed(engine.live);
  }

  onModuleInit(): void {
    this.feed.start();
  }

  onModuleDestroy(): void {
    this.feed.stop();
  }

  @Get()
  @ApiOkResponse({ description: 'The settings, for anyone (also logged out).', type: ShowSettingsDto })
  get(): ShowSettings {
    return this.engine.live.state.showSettings;
  }

  @Get('stream')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description:
      'Server-Sent Events, for anyone: `event: settings` with the settings as JSON, at once and after every change.',
  })
  stream(@Req() request: Request, @Res() response: Response): void {
    this.feed.open(request, response, clientAddress(request));
  }

  /** Replaces the settings (an event); the same settings again append nothing. */
  @Put()
  @LoggedIn('admin')
  @ApiBody({ type: ShowSettingsDto })
  @ApiOkResponse({ description: 'The settings now in force.', type: ShowSettingsDto })
  @ApiBadRequestResponse({
    description:
      '`{errors: [{status: "400", detail}]}`: a malformed address or date, a text too long, too many entries (German `detail`).',
  })
  async replace(@Body() body: ShowSettingsDto, @CurrentUser() user: UserLive): Promise<ShowSettings> {
    const outcome = await this.engine.pipeline.submit({ type: 'ChangeShowSettings', ...body }, actorOf(user));
    if (!outcome.ok) throw rejectionError(outcome);
    return this.engine.live.state.showSettings;
  }
}
