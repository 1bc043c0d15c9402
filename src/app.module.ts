import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config';
import { HealthController } from './health/health.controller';
import type { Storage } from './store/storage';
import { CONFIG, STORAGE } from './tokens';

@Module({})
export class AppModule {
  /** The storage is opened before Nest starts, so that a broken database fails fast with a clear message. */
  static with(config: AppConfig, storage: Storage): DynamicModule {
    return {
      module: AppModule,
      controllers: [HealthController],
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: STORAGE, useValue: storage },
      ],
    };
  }
}
