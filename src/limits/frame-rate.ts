/** How many frames a socket may send: `perSecond` sustained, bursts of up to `burst` (docs/protocol.md, Limits). */
export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * Every frame of a socket, except painting strokes. Honest play sends a few per second at most (a
 * player starring and choosing, a moderator clicking through a question; a reconnect sends sa, sg and
 * the unanswered commands at once): 20 per second and bursts of 60 leave ten times that.
 */
export const FRAME_RATE: Rate = { perSecond: 20, burst: 60 };

/**
 * Painting strokes (`mua`, moderators): one per pointer move, i.e. per screen frame while drawing, up
 * to 144 per second on a fast display (240 on the fastest). They have a bucket of their own.
 */
export const STROKE_RATE: Rate = { perSecond: 250, burst: 500 };

export const TOO_FAST = 'Du sendest zu viele Nachrichten. Bitte warte einen Moment.';

/** A token bucket: full at the start, refilled continuously; each frame takes one token. */
export class TokenBucket {
  private tokens: number;

  constructor(
    private readonly rate: Rate,
    private at: number,
  ) {
    this.tokens = rate.burst;
  }

  /** Takes a token at time `now` (ms, monotonic); false when none is left. */
  take(now: number): boolean {
    this.tokens = Math.min(this.rate.burst, this.tokens + (Math.max(0, now - this.at) * this.rate.perSecond) / 1000);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The buckets of one socket. */
export class SocketRateLimit {
  private readonly frames: TokenBucket;
  private readonly strokes: TokenBucket;

  constructor(now: number, frameRate: Rate = FRAME_RATE) {
    this.frames = new TokenBucket(frameRate, now);
    this.strokes = new TokenBucket(STROKE_RATE, now);
  }

  /** Whether a frame of this type (null when unreadable) may go through now. */
  allows(type: string | null, now: number): boolean {
    return (type === 'mua' ? this.strokes : this.frames).take(now);
  }
}
