import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { workingOverlayLinks, type LiveState, type OverlayLinkLive, type UserLive } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import type { OverlayLinkCreatedReply, OverlayLinkEntry } from '../../wire';
import { Engine } from '../engine/engine';
import { OverlayTokens } from '../auth/overlay-tokens';
import type { AppConfig } from '../config';
import { APP_CONFIG } from '../tokens';
import { rejectionError } from './http-errors';
import { CurrentUser, LoggedIn } from './logged-in.guard';
import { publicOrigin } from './public-origin';
import { actorOf } from './request-user';

/** The path of the stream overlay page of a token (the web app's route). */
export const OVERLAY_PATH = '/overlay/';

/**
 * The stream overlay's secret links (PROTOCOL.md wave 4): an admin creates, lists and revokes them.
 * Creating and revoking are events naming the link and the admin; the token in the address is made
 * from the link's id with the server's secret (src/auth/overlay-tokens.ts), never stored or logged.
 */
@ApiTags('stream overlay')
@Controller('api/overlay-links')
export class OverlayLinksController {
  constructor(
    private readonly engine: Engine,
    private readonly overlayTokens: OverlayTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The address of a link at the show's public origin (PUBLIC_URL, else the admin's request's); OBS opens it as a browser source. */
  private urlOf(request: Request, linkId: string): string {
    return `${publicOrigin(this.config, request)}${OVERLAY_PATH}${this.overlayTokens.tokenOf(linkId)}`;
  }

  private entryOf(state: LiveState, request: Request, link: OverlayLinkLive): OverlayLinkEntry {
    const creator = link.createdBy === null ? null : (state.users.get(link.createdBy)?.name ?? null);
    return {
      id: link.id,
      url: this.urlOf(request, link.id),
      createdAt: new Date(link.createdAt).toISOString(),
      createdBy: creator,
    };
  }

  @Post()
  @HttpCode(201)
  @LoggedIn('admin')
  @ApiCreatedResponse({
    description:
      "`{id, url}`: the new link and the overlay page's address (`/overlay/<token>`, for a broadcast tool's browser source, 1920x1080).",
  })
  @ApiConflictResponse({ description: 'Already 20 working links (German `detail`).' })
  async create(@Req() request: Request, @CurrentUser() admin: UserLive): Promise<OverlayLinkCreatedReply> {
    const outcome = await this.engine.pipeline.submit({ type: 'CreateOverlayLink' }, actorOf(admin));
    if (!outcome.ok) throw rejectionError(outcome);
    const created = present(
      outcome.events.find((event) => event.type === 'OverlayLinkCreated'),
      'the OverlayLinkCreated event of an accepted CreateOverlayLink',
    );
    return { id: created.data.linkId, url: this.urlOf(request, created.data.linkId) };
  }

  @Get()
  @LoggedIn('admin')
  @ApiOkResponse({
    description:
      "The working links, oldest first: `[{id, url, createdAt, createdBy}]` (`createdBy`: the admin's name).",
  })
  list(@Req() request: Request): OverlayLinkEntry[] {
    const state = this.engine.live.state;
    return workingOverlayLinks(state).map((link) => this.entryOf(state, request, link));
  }

  /** The link stops: its pages' sockets are closed within moments and a page with it shows nothing. Revoking it again changes nothing. */
  @Delete(':id')
  @HttpCode(204)
  @LoggedIn('admin')
  @ApiNoContentResponse({ description: 'Revoked (or already revoked).' })
  @ApiNotFoundResponse({ description: 'No link with this id (German `detail`).' })
  async revoke(@Param('id') id: string, @CurrentUser() admin: UserLive): Promise<void> {
    const outcome = await this.engine.pipeline.submit({ type: 'RevokeOverlayLink', linkId: id }, actorOf(admin));
    if (!outcome.ok) throw rejectionError(outcome);
  }
}
