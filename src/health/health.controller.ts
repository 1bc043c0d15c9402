import { Controller, Get, Inject } from '@nestjs/common';
import { RUNTIME, type Runtime } from '../runtime';

export const APP_VERSION = '0.10.0';

@Controller('api/health')
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** Liveness for load balancers and docker-compose: the store answers, how far its log goes, how far the live state is. */
  @Get()
  async health() {
    const { storage, engine, readModels } = this.runtime;
    return {
      status: 'ok',
      version: APP_VERSION,
      store: { kind: storage.events.kind, lastPosition: await storage.events.lastPosition() },
      live: { position: engine.live.position },
      projections: await readModels.lag(),
    };
  }
}
