import { Logger } from '@nestjs/common';
import { correlationOf, type Actor } from '../../events';
import type { EventCause } from '../commands';
import type { StoredEvent } from '../store/event-store';
import { fromStored } from './stored-events';
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
  private unsubscribeFolded: (() => void) | null = null;
  /** The start of each countdown seen, by its end instant: what an expiry's events name as their cause. */
  private readonly starts = new Map<number, EventCause>();

  constructor(
    private readonly live: LiveStateService,
    private readonly pipeline: CommandPipeline,
    private readonly clock: () => number = Date.now,
  ) {}

  start(): void {
    this.unsubscribeFolded = this.live.onFolded((events) => this.remember(events));
    this.unsubscribe = this.live.onChange((state) => this.plan(state));
    this.plan(this.live.state);
  }

  stop(): void {
    this.unsubscribeFolded?.();
    this.unsubscribe?.();
    this.clear();
  }

  /** The countdown's start event and its correlation; an older one than the running countdown is forgotten. */
  private remember(events: readonly StoredEvent[]): void {
    for (const stored of events) {
      if (stored.type !== 'CountdownStarted') continue;
      const event = fromStored(stored);
      if (event.type !== 'CountdownStarted') continue;
      this.starts.clear(); // one countdown runs at a time
      this.starts.set(event.data.endsAt, {
        causationId: event.metadata.eventId,
        correlationId: correlationOf(event.metadata),
      });
    }
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
   * The same command id in every process: the store keeps one expiry, whoever appends it first. Its
   * events name the countdown's start as their cause and carry its correlation (the moderator's
   * command); a countdown started before this process's snapshot was not seen, and its expiry is its own cause.
   * A refused expiry (maintenance blocks every command, or the clocks disagree by a few ms) is tried
   * again every second while that countdown is still the running one.
   */
  private async expire(endsAt: number): Promise<void> {
    const outcome = await this.pipeline.execute({ type: 'ExpireCountdown' }, SCHEDULER_ACTOR, {
      commandId: nameBasedUuid(`countdown-expiry:${endsAt}`, 0),
      cause: this.starts.get(endsAt),
    });
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
