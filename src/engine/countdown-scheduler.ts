import { Logger } from '@nestjs/common';
import type { Actor } from '../../events';
import { nameBasedUuid } from '../store/event-ids';
import type { LiveState } from '../../projections/live';
import type { CommandPipeline } from './command-pipeline';
import type { LiveStateService } from './live-state';

/** The server itself, when it acts on time (a countdown's end). */
export const SCHEDULER_ACTOR: Actor = { userId: null, roles: [] };

const RETRY_MS = 1000;

/**
 * Appends the countdown's expiry at its end instant. The end instant is part of the state (an event
 * recorded it), so after a restart mid-countdown the expiry still happens, at once if it has passed.
 * Several processes may all try: the decider accepts only the first expiry of a countdown.
 */
export class CountdownScheduler {
  private timer: NodeJS.Timeout | null = null;
  private scheduledFor: number | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly logger = new Logger('CountdownScheduler');

  constructor(
    private readonly live: LiveStateService,
    private readonly pipeline: CommandPipeline,
    private readonly clock: () => number = Date.now,
  ) {}

  start(): void {
    this.unsubscribe = this.live.onChange((state) => this.plan(state));
    this.plan(this.live.state);
  }

  stop(): void {
    this.unsubscribe?.();
    this.clear();
  }

  private plan(state: LiveState): void {
    const endsAt = state.night?.countdown?.endsAt ?? null;
    if (endsAt === this.scheduledFor) return;
    this.clear();
    if (endsAt === null) return;
    this.scheduledFor = endsAt;
    // A few ms late rather than early: timers and clocks round differently.
    this.timer = setTimeout(() => void this.expire(endsAt), Math.max(0, endsAt - this.clock() + 5));
  }

  /**
   * The same command id in every process: the store keeps one expiry, whoever appends it first.
   * A refused expiry (maintenance blocks every command, or the clocks disagree by a few ms) is tried
   * again every second while that countdown is still the running one.
   */
  private async expire(endsAt: number): Promise<void> {
    const outcome = await this.pipeline.execute({ type: 'ExpireCountdown' }, SCHEDULER_ACTOR, { commandId: nameBasedUuid(`countdown-expiry:${endsAt}`, 0) });
    if (outcome.ok || this.scheduledFor !== endsAt) return;
    this.logger.debug?.(`countdown ${endsAt} not expired yet: ${outcome.message}`);
    this.timer = setTimeout(() => void this.expire(endsAt), RETRY_MS);
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.scheduledFor = null;
  }
}
