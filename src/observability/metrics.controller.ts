import { Controller, Get, Header, Headers, HttpException, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Registry } from 'prom-client';
import { RUNTIME, type Runtime } from '../runtime';
import { Metrics } from './metrics';
import { METRICS_TEXTS } from '../edge-texts';

/** Prometheus scrapes here (PROTOCOL.md "Operations"); with METRICS_TOKEN set, only with that bearer token. */
@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  @Get()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  @ApiBearerAuth()
  @ApiProduces(Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOkResponse({ description: 'Prometheus text format: sockets, commands, rejections, append and push latency, group-commit sizes, projection lag, event-loop delay.' })
  @ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and the request does not carry it.' })
  async scrape(@Headers('authorization') authorization: string | undefined): Promise<string> {
    const expected = this.runtime.config.metricsToken;
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
