import { Controller, Get, Header, Headers, HttpException, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Registry } from 'prom-client';
import type { AppConfig } from '../config';
import { APP_CONFIG } from '../tokens';
import { Metrics } from './metrics';
import { METRICS_TEXTS } from '../edge-texts';

/**
 * Prometheus scrapes here (PROTOCOL.md "Operations"); with METRICS_TOKEN set, only with that bearer
 * token; without it only from this machine (loopback, not through a proxy): the instance's port may be
 * reachable from outside.
 */
@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  @ApiBearerAuth()
  @ApiProduces(Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOkResponse({
    description:
      'Prometheus text format: sockets, commands, rejections, append and push latency, group-commit sizes, projection lag, event-loop delay.',
  })
  @ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and the request does not carry it.' })
  @ApiForbiddenResponse({
    description: 'No METRICS_TOKEN is set and the request does not come from this machine (loopback) directly.',
  })
  async scrape(@Headers('authorization') authorization: string | undefined, @Req() request: Request): Promise<string> {
    const expected = this.config.metricsToken;
    if (expected === null && !fromThisMachine(request))
      throw new HttpException({ errors: [{ status: '403', detail: METRICS_TEXTS.localOnly }] }, 403);
    if (expected !== null && !sameSecret(authorization ?? '', `Bearer ${expected}`)) {
      throw new HttpException({ errors: [{ status: '401', detail: METRICS_TEXTS.tokenNeeded }] }, 401);
    }
    return this.metrics.text();
  }
}

/** Compared in constant time (hashes of equal length), so the token cannot be guessed byte by byte. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The peer itself (never X-Forwarded-For) is loopback, and no proxy forwarded the request. */
function fromThisMachine(request: Request): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}
