import { Controller, Get, HttpException, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { RUNTIME, type Runtime } from '../runtime';

export const APP_VERSION = '0.10.0';

/** How long /api/ready waits for the live state to reach the log's end before it says "not ready". */
export const READY_WAIT_MS = 1000;

@ApiTags('operations')
@Controller('api')
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** Liveness: 200 while the process lives, with how far the log, the live state and the read projections are. */
  @Get('health')
  @ApiOkResponse({ description: 'The process lives; store, live state and projection positions (a store error is reported, not failed).' })
  async health() {
    const { storage, engine, readModels } = this.runtime;
    const store = await storage.events.lastPosition().then(
      (lastPosition) => ({ kind: storage.events.kind, lastPosition }),
      (error: unknown) => ({ kind: storage.events.kind, error: String(error) }),
    );
    return {
      status: 'ok',
      version: APP_VERSION,
      store,
      live: { position: engine.live.position },
      projections: await readModels.lag().catch(() => []),
    };
  }

  /** Readiness: 200 once the live state has folded everything the store holds, 503 with the reason otherwise. */
  @Get('ready')
  @ApiOkResponse({ description: 'The live state has caught up with the store.' })
  @ApiServiceUnavailableResponse({ description: '`{status: "not_ready", reason}`: the store does not answer, or the live state is behind it.' })
  async ready() {
    const { storage, engine } = this.runtime;
    let lastPosition: number;
    try {
      lastPosition = await storage.events.lastPosition();
    } catch (error) {
      throw notReady(`Der Event-Store antwortet nicht: ${String(error)}`);
    }
    const caughtUp = await Promise.race([
      engine.live.waitFor(lastPosition).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(resolve, READY_WAIT_MS, false).unref()),
    ]);
    if (!caughtUp) {
      throw notReady(`Der Live-Zustand holt das Log noch auf: Position ${engine.live.position} von ${lastPosition}.`, {
        live: { position: engine.live.position }, store: { lastPosition },
      });
    }
    return { status: 'ready', live: { position: engine.live.position }, store: { lastPosition } };
  }
}

function notReady(reason: string, details: object = {}): HttpException {
  return new HttpException({ status: 'not_ready', reason, ...details }, 503);
}
