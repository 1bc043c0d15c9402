import { randomBytes } from 'node:crypto';

/**
 * The queue in front of argon2 (docs/decisions/first-minute.md, "The hashing queue"): at most `atOnce`
 * hashes run, the rest wait in one line in arrival order, and the line is bounded: by as many as the
 * pool finishes in `maxWaitMs` at its measured pace (a login waits at most that long in line), at least
 * `maxWaiting`. Beyond the bound a request is refused with an appointment: the moment to come back
 * (`retryAfterMs`), spaced at the pace the line drains, after everyone who was given one before. A
 * request that brings its appointment's ticket back is let in even when newcomers would be turned away,
 * and a newcomer waits behind everyone holding an appointment: a surge is served in arrival order
 * although part of it waits outside, and the hashing threads do not run dry while people wait.
 *
 * Who waits: `login` (someone at a form: login, registration, password change) and `background`
 * (team passwords checked for `gj`, which a guesser can send by the hundred): one line for both, but
 * background work may hold only half of it, so a flood of wrong team passwords never crowds logins out.
 */
export type HashPriority = 'login' | 'background';

export interface HashingQueueOptions {
  /** Hashes at once (threads of argon2). */
  atOnce: number;
  /** How many may wait in the line at least (with `maxWaitMs`: more when the pool is fast); beyond it requests get an appointment. */
  maxWaiting: number;
  /** The line holds as many as the pool finishes in this long at its measured pace (at least `maxWaiting`). */
  maxWaitMs?: number;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
  /** The expected duration of one hash before any was measured, ms (default 20: early rather than late). */
  initialHashMs?: number;
}

/** What a refused request is told: when to come back, and the ticket that keeps its place. */
export interface Appointment {
  retryAfterMs: number;
  ticket: string;
}

/** The queue is full: come back at the appointment (HTTP answers 429, a command `retry: true`). */
export class QueueFull extends Error {
  constructor(readonly appointment: Appointment) {
    super('hashing queue full');
    this.name = 'QueueFull';
  }
}

/** An appointment not kept within this long after its moment is given up: its holder comes back as a newcomer. */
export const APPOINTMENT_GRACE_MS = 5_000;
/** No appointment is sooner than this: a client's timers and the network need a moment. */
export const SHORTEST_APPOINTMENT_MS = 250;
/** Ticket holders may take the line this far over its bound (their place was kept for them). */
const TICKET_HEADROOM = 2;
/**
 * Appointments are paced a little faster than the measured pace: the pace changes (a pool busy with
 * connects early in a surge is slower than later), and someone back early waits in line (a ticket may
 * go over the bound) while someone back late leaves the threads idle.
 */
export const APPOINTMENT_PACE = 0.8;
/** The longest line whatever the pace: memory for waiting requests stays small. */
const MOST_WAITING_PER_THREAD = 5_000;

interface Waiting {
  priority: HashPriority;
  start: () => void;
}

interface Booked {
  ticket: string;
  at: number;
  kept: boolean;
}

export interface HashingQueueFigures {
  running: number;
  waiting: number;
  /** Appointments handed out and neither kept nor given up yet. */
  appointments: number;
  /** Hashes finished since the process started. */
  done: number;
  /** Requests answered with an appointment. */
  refused: number;
  /** Appointments kept (the ticket came back in time), and given up (it did not). */
  kept: number;
  givenUp: number;
  /** The measured time between two hashes finishing while busy (moving average), ms: the pool's pace. */
  slotMs: number;
  /** How many may wait in line now. */
  bound: number;
}

export class HashingQueue {
  private running = 0;
  private readonly line: Waiting[] = [];
  private backgroundWaiting = 0;
  private readonly booked: Booked[] = [];
  private readonly byTicket = new Map<string, Booked>();
  private outstanding = 0;
  private lastAppointmentAt = -Infinity;
  /** Milliseconds between two hashes finishing while the line was busy: one slot of the whole pool (moving average). */
  private slotMs: number;
  /** When the last hash finished, if the line was busy then (else null: the next interval is not a slot). */
  private lastBusyFinish: number | null = null;
  private done = 0;
  private refused = 0;
  private kept = 0;
  private givenUp = 0;
  private readonly now: () => number;

  constructor(private options: HashingQueueOptions) {
    this.now = options.now ?? (() => performance.now());
    this.slotMs = (options.initialHashMs ?? 20) / options.atOnce;
  }

  /** A new `maxWaitMs` (the process's setting, read at start). */
  setMaxWaitMs(ms: number): void {
    this.options = { ...this.options, maxWaitMs: ms };
  }

  figures(): HashingQueueFigures {
    this.forgetOld(this.now());
    return {
      running: this.running, waiting: this.line.length, appointments: this.outstanding,
      done: this.done, refused: this.refused, kept: this.kept, givenUp: this.givenUp, slotMs: this.slotMs, bound: this.bound(),
    };
  }

  /** How many may wait in line: `maxWaitMs` of hashing at the measured pace, at least `maxWaiting`. */
  private bound(): number {
    const { maxWaiting, maxWaitMs, atOnce } = this.options;
    if (maxWaitMs === undefined) return maxWaiting;
    return Math.min(MOST_WAITING_PER_THREAD * atOnce, Math.max(maxWaiting, Math.floor(maxWaitMs / this.slotMs)));
  }

  /**
   * Runs `work` when a thread is free, in arrival order. `ticket`: what the caller brings back after an
   * appointment (HTTP: the `X-Queue-Ticket` header; a socket command: its user and commandId). Throws
   * QueueFull with an appointment when the line is full, or when others hold appointments before it.
   */
  async run<T>(work: () => Promise<T>, priority: HashPriority, ticket?: string): Promise<T> {
    await this.admit(priority, ticket);
    try {
      return await work();
    } finally {
      this.finished();
    }
  }

  /** Resolves when the request may start; throws QueueFull instead of queueing beyond the bound. */
  private admit(priority: HashPriority, ticket: string | undefined): Promise<void> | void {
    const now = this.now();
    this.forgetOld(now);
    const booked = ticket === undefined ? undefined : this.byTicket.get(ticket);
    if (booked) this.keep(booked);
    if (this.running < this.options.atOnce && this.line.length === 0) { // a thread would idle otherwise
      this.running++;
      return;
    }
    if (!this.mayWait(priority, booked !== undefined)) {
      this.refused++;
      throw new QueueFull(this.book(now, ticket, booked !== undefined));
    }
    if (priority === 'background') this.backgroundWaiting++;
    return new Promise<void>((start) => this.line.push({ priority, start }));
  }

  /**
   * Whether a request may join the line. Background work may hold half of it. A newcomer waits behind the
   * appointments handed out, unless the line is nearly empty (appointments not kept must not leave the
   * threads idle); someone with an appointment gets in up to twice the bound.
   */
  private mayWait(priority: HashPriority, withAppointment: boolean): boolean {
    const maxWaiting = this.bound();
    if (priority === 'background' && this.backgroundWaiting >= Math.floor(maxWaiting / 2)) return false;
    if (withAppointment) return this.line.length < TICKET_HEADROOM * maxWaiting;
    return this.line.length < maxWaiting && (this.outstanding === 0 || this.line.length < Math.floor(maxWaiting / 4));
  }

  /**
   * The next free moment: when the line will have drained to a quarter of its bound, after every
   * appointment before it (paced by APPOINTMENT_PACE). Someone who kept an appointment and still found
   * the line full keeps their place near the front: they come back when it has drained to half, ahead
   * of later appointments.
   */
  private book(now: number, ticket: string | undefined, again: boolean): Appointment {
    const slot = this.slotMs * APPOINTMENT_PACE;
    const bound = this.bound();
    const drained = now + Math.max(0, this.line.length - Math.floor(bound / (again ? 2 : 4))) * slot;
    const at = Math.max(drained, again ? -Infinity : this.lastAppointmentAt + slot, now + SHORTEST_APPOINTMENT_MS);
    if (!again) this.lastAppointmentAt = at;
    const booked: Booked = { ticket: ticket ?? randomBytes(12).toString('base64url'), at, kept: false };
    this.booked.push(booked);
    this.byTicket.set(booked.ticket, booked);
    this.outstanding++;
    return { retryAfterMs: Math.ceil(at - now), ticket: booked.ticket };
  }

  private keep(booked: Booked): void {
    this.kept++;
    booked.kept = true;
    this.byTicket.delete(booked.ticket);
    this.outstanding--;
  }

  /** Appointments kept, or given up (not kept within the grace after their moment), leave the book. */
  private forgetOld(now: number): void {
    while (this.booked.length > 0 && (this.booked[0]!.kept || this.booked[0]!.at + APPOINTMENT_GRACE_MS < now)) {
      const first = this.booked.shift()!;
      if (!first.kept) {
        this.byTicket.delete(first.ticket);
        this.outstanding--;
        this.givenUp++;
      }
    }
    if (this.booked.length === 0) this.lastAppointmentAt = -Infinity;
  }

  private finished(): void {
    this.done++;
    const now = this.now();
    // The pace is measured where it shows: hashes finishing one after the other while others wait.
    if (this.lastBusyFinish !== null) this.slotMs += (now - this.lastBusyFinish - this.slotMs) / 10;
    const next = this.line.shift();
    this.lastBusyFinish = next ? now : null;
    if (!next) {
      this.running--;
      return;
    }
    if (next.priority === 'background') this.backgroundWaiting--;
    next.start(); // the thread passes on
  }
}
