import { Controller, Get, Inject } from '@nestjs/common';
import { STORAGE } from '../tokens';
import type { Storage } from '../store/storage';

@Controller('api/health')
export class HealthController {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  /** Liveness for load balancers and docker-compose: the store answers and how far its log goes. */
  @Get()
  async health() {
    return {
      status: 'ok',
      version: APP_VERSION,
      store: { kind: this.storage.events.kind, lastPosition: await this.storage.events.lastPosition() },
    };
  }
}

export const APP_VERSION = '0.10.0';
