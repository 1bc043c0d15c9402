import type { EventStore } from '../store/event-store';
import { CommandPipeline, type PipelineOptions } from './command-pipeline';
import { CountdownScheduler } from './countdown-scheduler';
import { LiveStateService, type LiveStateOptions } from './live-state';

/** The running engine of one process: the live state, the command pipeline and the countdown's clock. */
export class Engine {
  private constructor(
    readonly live: LiveStateService,
    readonly pipeline: CommandPipeline,
    private readonly scheduler: CountdownScheduler,
  ) {}

  /** Resolves once the live state has caught up with the log. */
  static async start(
    store: EventStore,
    options: PipelineOptions = {},
    liveOptions: LiveStateOptions = {},
  ): Promise<Engine> {
    const live = new LiveStateService(store, liveOptions);
    await live.start();
    const pipeline = new CommandPipeline(live, store, options);
    const scheduler = new CountdownScheduler(live, pipeline);
    scheduler.start();
    return new Engine(live, pipeline, scheduler);
  }

  async stop(): Promise<void> {
    this.scheduler.stop();
    await this.live.stop();
  }
}
