import { Controller, Get, Header, Inject, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { imageTypeOf, primaryColorOf, shortNameOf, showLogoPath, showNameOf, shownLogo } from '../../projections/live';
import { Engine } from '../engine/engine';
import { UPLOADS_DIR } from '../tokens';
import { httpError } from './http-errors';
import { IMMUTABLE, REVALIDATE } from './web-app';
import { SHOW_LOOK_TEXTS } from '../edge-texts';

/** The app's page background (web/src/styles.css `--bg`): the splash screen of an installed app. */
const BACKGROUND = '#f4f2fb';
/** The icons while the show has no logo (web/public). */
const DEFAULT_ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
];

/**
 * The show's own look for what cannot read the settings' JSON (PROTOCOL.md wave 4): the web app
 * manifest that lets players put the show on their home screen, and the show's logo, which the
 * overlay, the manifest and visitors' pages load without a login (uploads otherwise need one).
 */
@ApiTags('show settings')
@Controller()
export class ShowLookController {
  constructor(
    private readonly engine: Engine,
    @Inject(UPLOADS_DIR) private readonly uploadsDir: string,
  ) {}

  @Get('manifest.webmanifest')
  @Header('Content-Type', 'application/manifest+json; charset=utf-8')
  @Header('Cache-Control', REVALIDATE)
  @ApiProduces('application/manifest+json')
  @ApiOkResponse({
    description:
      "The web app manifest: the show's name, short name, primary colour as theme colour, its logo as icon (else the app's icons).",
  })
  manifest(): Record<string, unknown> {
    const settings = this.engine.live.state.showSettings;
    const name = showNameOf(settings);
    const logo = showLogoPath(settings.logo);
    return {
      name,
      short_name: shortNameOf(name),
      lang: 'de',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: BACKGROUND,
      theme_color: primaryColorOf(settings),
      icons: logo ? [{ src: logo, sizes: 'any', type: imageTypeOf(settings.logo), purpose: 'any' }] : DEFAULT_ICONS,
    };
  }

  /** `v`: the logo's version (showLogoPath): the current one may be cached for good, anything else is revalidated. */
  @Get('api/show-settings/logo')
  @ApiOkResponse({ description: "The show's logo, for anyone (also logged out)." })
  @ApiNotFoundResponse({ description: 'The show has no logo (German `detail`).' })
  async logo(@Query('v') version: unknown, @Res() response: Response): Promise<void> {
    const state = this.engine.live.state;
    const logo = shownLogo(state, state.showSettings.logo); // mph: a hidden logo is none
    const logoPath = showLogoPath(logo); // null: no logo
    const file = path.join(this.uploadsDir, logo);
    if (
      logoPath === null ||
      !(await stat(file).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      throw httpError(404, SHOW_LOOK_TEXTS.noLogo);
    const current = logoPath.endsWith(`?v=${String(version)}`);
    response.setHeader('Cache-Control', current ? IMMUTABLE : REVALIDATE);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.type(imageTypeOf(logo));
    response.sendFile(file, { cacheControl: false });
  }
}
