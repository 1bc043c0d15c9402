import { Controller, Get, HttpException, Inject, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { ReadProjections } from '../../projections/read';
import type { AppConfig } from '../config';
import { Engine } from '../engine/engine';
import type { Storage } from '../store/storage';
import { APP_CONFIG, READ_PROJECTIONS, STORAGE } from '../tokens';
import { StoreWatch } from './store-watch';
import { within } from '../engine/within';
import { rebuildText } from '../observability/rebuild-log';
import { APP_VERSION } from '../version';
import type { AboutReply } from '../../wire';

/** /api/ready answers within 1 s (PROTOCOL.md wave 3): a look at the store of at most this long ... */
export const READY_LOOK_MS = 600;
/** ... then at most this long waiting for the live state to reach the log's end. */
export const READY_WAIT_MS = 300;
/** How often the store is looked at in the background (what /api/health reports). */
const LOOK_EVERY_MS = 2000;

@ApiTags('operations')
@Controller('api')
export class HealthController implements OnModuleInit, OnModuleDestroy {
  private readonly watch: StoreWatch;

  constructor(
    private readonly engine: Engine,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(READ_PROJECTIONS) private readonly readModels: ReadProjections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.watch = new StoreWatch(storage.events, (last) => readModels.lag(last), READY_LOOK_MS);
  }

  async onModuleInit(): Promise<void> {
    await this.watch.look();
    this.watch.start(LOOK_EVERY_MS);
  }

  onModuleDestroy(): void {
    this.watch.stop();
  }

  /**
   * Liveness: 200 while the process lives, from memory only (never waits on a database): how far the
   * live state is, and what the last background look at the store and the read projections found.
   */
  @Get('health')
  @ApiOkResponse({
    description:
      'The process lives; live state position, and store and projection positions as last seen (a store that did not answer is `reachable: false`, not failed; its error goes to the server log, never into the answer).',
  })
  health() {
    const { storage, engine } = this;
    const seen = this.watch.last;
    const live = engine.live.position;
    const lastPosition = Math.max(seen?.lastPosition ?? 0, live);
    // The error itself names hosts, users and databases: the public answer only says the store was not reached.
    const store = { kind: storage.events.kind, lastPosition, reachable: !seen?.error };
    return {
      status: 'ok',
      version: APP_VERSION,
      store,
      live: { position: live },
      projections: seen?.projections ?? [],
      rebuilding: this.readModels.rebuilding(),
    };
  }

  /** What the web app needs to know of its server (PROTOCOL.md wave 5): the release, and the public origin its links start with. */
  @Get('about')
  @ApiOkResponse({
    description:
      "`{version, publicUrl}`: the release (package.json) and PUBLIC_URL (`null` when unset: links use the page's own origin).",
  })
  about(): AboutReply {
    return { version: APP_VERSION, publicUrl: this.config.publicUrl };
  }

  /**
   * Readiness, within 1 s: 200 once the live state has folded everything the store holds and no read
   * projection is being rebuilt for a new version; 503 with the German reason while the store does not
   * answer, the live state is behind it, or a rebuild runs (readers use the old tables meanwhile).
   */
  @Get('ready')
  @ApiOkResponse({ description: 'The live state has caught up with the store.' })
  @ApiServiceUnavailableResponse({
    description:
      '`{status: "not_ready", reason}`: the store does not answer, the live state is behind it, or a read projection is being rebuilt.',
  })
  async ready() {
    const { engine } = this;
    const seen = await this.watch.look();
    if (seen.lastPosition === null) throw notReady('Die Datenbank ist gerade nicht erreichbar.');
    const lastPosition = seen.lastPosition;
    const caughtUp = await within(
      engine.live.waitFor(lastPosition).then(() => true),
      READY_WAIT_MS,
      () => false,
    );
    if (!caughtUp) {
      throw notReady(`Der Live-Zustand holt das Log noch auf: Position ${engine.live.position} von ${lastPosition}.`, {
        live: { position: engine.live.position },
        store: { lastPosition },
      });
    }
    const rebuilding = this.readModels.rebuilding();
    if (rebuilding.length > 0) throw notReady(`${rebuilding.map(rebuildText).join('; ')}.`, { rebuilding });
    return { status: 'ready', live: { position: engine.live.position }, store: { lastPosition } };
  }
}

function notReady(reason: string, details: object = {}): HttpException {
  return new HttpException({ status: 'not_ready', reason, ...details }, 503);
}
