import { randomBytes } from 'node:crypto';

/**
 * The queue in front of argon2 (docs/decisions/first-minute.md, "The hashing queue"): at most `atOnce`
 * hashes run, the rest wait in one line in arrival order. The line is bounded: by as many as the pool
 * finishes in `maxWaitMs` at its measured pace (a login waits at most about that long in line), at least
 * `maxWaiting`. Beyond the bound a request gets an appointment instead: a place in an outer line, kept
 * by a ticket, and the moment to check in (`retryAfterMs`, never more than CHECK_IN_MS away). At each
 * check-in the moment is worked out again from the place and the pace measured now, so the outer line
 * follows the pool's real pace however it changes during a surge; whoever's turn has come is let in,
 * ahead of every newcomer. So a surge is served in arrival order although part of it waits outside,
 * and the threads do not run dry while people wait at their phones.
 *
 * Who waits: `login` (someone at a form: login, registration, password change) and `background`
 * (team passwords checked for `gj`, which a guesser can send by the hundred): one line for both, but
 * background work may hold only half of it, so a flood of wrong team passwords never crowds logins out.
 */
export type HashPriority = 'login' | 'background';

export interface HashingQueueOptions {
  /** Hashes at once (threads of argon2). */
  atOnce: number;
  /**
   * Hashes handed to each thread beyond the one it runs (default 0): a thread with its next hash in its own
   * inbox starts it the moment the one before ends (src/identity/argon2-threads.ts), not when the main
   * thread gets round to handing it over.
   */
  aheadPerThread?: number;
  /** How many may wait in the line at least (with `maxWaitMs`: more when the pool is fast); beyond it requests get an appointment. */
  maxWaiting: number;
  /** The line holds as many as the pool finishes in this long at its measured pace (at least `maxWaiting`). */
  maxWaitMs?: number;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
  /** The expected duration of one hash before any was measured, ms (default 20: early rather than late). */
  initialHashMs?: number;
}

/** What a refused request is told: when to check in again, and the ticket that keeps its place. */
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

/** An appointment not checked in within this long after its moment is given up: its holder comes back as a newcomer. */
export const APPOINTMENT_GRACE_MS = 5_000;
/** No appointment is sooner than this: a client's timers and the network need a moment. */
export const SHORTEST_APPOINTMENT_MS = 250;
/** The longest a client is sent away: then it checks in, and its moment is worked out again at the pace of then. */
export const CHECK_IN_MS = 10_000;
/** Ticket holders may take the line this far over its bound (their place was kept for them). */
const TICKET_HEADROOM = 2;
/**
 * Moments are worked out a little faster than the measured pace: someone back early waits in line (a
 * ticket may go over the bound) or checks in again, someone back late leaves the threads idle.
 */
export const APPOINTMENT_PACE = 0.8;
/** The longest line whatever the pace: memory for waiting requests stays small. */
const MOST_WAITING_PER_THREAD = 5_000;

interface Waiting {
  priority: HashPriority;
  start: () => void;
}

/** A place in the outer line. */
interface Booked {
  ticket: string;
  /** When its holder's turn comes, as worked out at the last check-in. */
  at: number;
  /** Given up unless its holder checks in by then. */
  dueBy: number;
  kept: boolean;
}

export interface HashingQueueFigures {
  /** Hashes handed to the threads: up to `threads` × (1 + aheadPerThread). */
  running: number;
  waiting: number;
  /** Appointments handed out and neither kept nor given up yet. */
  appointments: number;
  /** Hashes finished since the process started. */
  done: number;
  /** Answers with an appointment (a check-in that is told to wait longer counts again). */
  refused: number;
  /** Appointments kept (the holder was let in), given up (the holder did not check in in time), and released (the holder needed no hash after all). */
  kept: number;
  givenUp: number;
  released: number;
  /** The measured time between two hashes finishing while busy (moving average), ms: the pool's pace. */
  slotMs: number;
  /** Hashes at once (the pool's threads). */
  threads: number;
  /** Thread-milliseconds the pool has spent hashing since the process started (two threads busy for 1 s: 2,000). */
  busyMs: number;
  /** How many may wait in line now. */
  bound: number;
}

export class HashingQueue {
  private running = 0;
  private readonly line: Waiting[] = [];
  private backgroundWaiting = 0;
  /** The outer line, in the order the places were given. */
  private readonly booked: Booked[] = [];
  private readonly byTicket = new Map<string, Booked>();
  private outstanding = 0;
  /** Milliseconds between two hashes finishing while the line was busy: one slot of the whole pool (moving average). */
  private slotMs: number;
  /** When the last hash finished, if the line was busy then (else null: the next interval is not a slot). */
  private lastBusyFinish: number | null = null;
  private done = 0;
  private refused = 0;
  private kept = 0;
  private givenUp = 0;
  private released = 0;
  private busyMs = 0;
  private busySince = 0;
  private readonly now: () => number;

  constructor(private readonly options: HashingQueueOptions) {
    this.now = options.now ?? (() => performance.now());
    this.slotMs = (options.initialHashMs ?? 20) / options.atOnce;
  }

  figures(): HashingQueueFigures {
    this.forgetOld(this.now());
    return {
      running: this.running,
      waiting: this.line.length,
      appointments: this.outstanding,
      done: this.done,
      refused: this.refused,
      kept: this.kept,
      givenUp: this.givenUp,
      released: this.released,
      slotMs: this.slotMs,
      threads: this.options.atOnce,
      busyMs: Math.round(this.busyMs + this.threadsBusy() * (this.now() - this.busySince)),
      bound: this.bound(),
    };
  }

  /**
   * Runs `work` when a thread is free, in arrival order. `ticket`: what the caller brings back after an
   * appointment (HTTP: the `X-Queue-Ticket` header; a socket command: its user and commandId). Throws
   * QueueFull with an appointment when the line is full, when others hold places before it, or when
   * its own turn has not come yet.
   */
  async run<T>(work: () => Promise<T>, priority: HashPriority, ticket?: string): Promise<T> {
    await this.admit(priority, ticket);
    try {
      return await work();
    } finally {
      this.finished();
    }
  }

  /**
   * Refuses now, as `run` would (QueueFull with the appointment; the place is kept), a request that
   * would not be let in; else returns and takes nothing (`run` decides again). For the work a caller does
   * before its hash (a login's limiter and credential lookup): whoever is sent away does not pay for it,
   * and does not pay for it again at each check-in.
   */
  checkRoom(priority: HashPriority, ticket?: string): void {
    const now = this.now();
    this.forgetOld(now);
    this.refuseUnlessLetIn(priority, ticket === undefined ? undefined : this.byTicket.get(ticket), ticket, now);
  }

  /**
   * The ticket's holder needs no hash after all (a team password another member's check verified
   * meanwhile): its place leaves the outer line at once. Left there, it would count as ahead of everyone
   * behind it until given up, and their moments would come too late while the threads ran dry.
   */
  release(ticket: string): void {
    const booked = this.byTicket.get(ticket);
    if (!booked) return;
    this.keep(booked);
    this.kept--;
    this.released++;
  }

  /** How many may wait in line: `maxWaitMs` of hashing at the measured pace, at least `maxWaiting`. */
  private bound(): number {
    const { maxWaiting, maxWaitMs, atOnce } = this.options;
    if (maxWaitMs === undefined) return maxWaiting;
    return Math.min(MOST_WAITING_PER_THREAD * atOnce, Math.max(maxWaiting, Math.floor(maxWaitMs / this.slotMs)));
  }

  /** Resolves when the request may start; throws QueueFull instead of queueing beyond the bound. */
  private admit(priority: HashPriority, ticket: string | undefined): Promise<void> | void {
    const now = this.now();
    this.forgetOld(now);
    const booked = ticket === undefined ? undefined : this.byTicket.get(ticket);
    if (this.running < this.handedAtMost() && this.line.length === 0) {
      // a thread would idle otherwise (or start its next hash late)
      if (booked) this.keep(booked);
      this.countBusy();
      this.running++;
      return;
    }
    this.refuseUnlessLetIn(priority, booked, ticket, now);
    if (booked) this.keep(booked);
    if (priority === 'background') this.backgroundWaiting++;
    return new Promise<void>((start) => this.line.push({ priority, start }));
  }

  /** Throws QueueFull with an appointment unless the request may join the line (a free thread was looked for before). */
  private refuseUnlessLetIn(
    priority: HashPriority,
    booked: Booked | undefined,
    ticket: string | undefined,
    now: number,
  ): void {
    if (this.running < this.handedAtMost() && this.line.length === 0) return;
    if (booked ? this.turnHasCome(booked, priority, now) : this.newcomerMayWait(priority)) return;
    this.refused++;
    throw new QueueFull(this.appoint(booked ?? this.place(ticket, now), now));
  }

  private backgroundFull(priority: HashPriority): boolean {
    return priority === 'background' && this.backgroundWaiting >= Math.floor(this.bound() / 2);
  }

  /**
   * A newcomer joins the line while it has room, unless others hold places in the outer line: then it
   * takes one behind them. Only when the line is nearly empty does it go in regardless (appointments not
   * kept, or not due yet, must not leave the threads idle).
   */
  private newcomerMayWait(priority: HashPriority): boolean {
    const bound = this.bound();
    if (this.backgroundFull(priority)) return false;
    return this.line.length < bound && (this.outstanding === 0 || this.line.length < Math.floor(bound / 4));
  }

  /** A holder of a place is let in when its moment has come or the line runs short, up to twice the bound. */
  private turnHasCome(booked: Booked, priority: HashPriority, now: number): boolean {
    const bound = this.bound();
    if (this.backgroundFull(priority) || this.line.length >= TICKET_HEADROOM * bound) return false;
    return booked.at <= now + SHORTEST_APPOINTMENT_MS || this.line.length < Math.floor(bound / 2);
  }

  /** A new place at the end of the outer line. */
  private place(ticket: string | undefined, now: number): Booked {
    const booked: Booked = {
      ticket: ticket ?? randomBytes(12).toString('base64url'),
      at: now,
      dueBy: now,
      kept: false,
    };
    this.booked.push(booked);
    this.byTicket.set(booked.ticket, booked);
    this.outstanding++;
    return booked;
  }

  /**
   * When the place's turn comes, worked out now: once the line has drained to a quarter of its bound and
   * everyone ahead in the outer line has had theirs, at the measured pace (a little faster, see
   * APPOINTMENT_PACE). Its holder is told to check in then, or in CHECK_IN_MS if that is sooner.
   */
  private appoint(booked: Booked, now: number): Appointment {
    let ahead = 0;
    for (const other of this.booked) {
      if (other === booked) break;
      if (!other.kept) ahead++;
    }
    const slots = Math.max(0, this.line.length - Math.floor(this.bound() / 4)) + ahead;
    booked.at = now + slots * this.slotMs * APPOINTMENT_PACE;
    const retryAfterMs = Math.ceil(Math.min(CHECK_IN_MS, Math.max(SHORTEST_APPOINTMENT_MS, booked.at - now)));
    booked.dueBy = now + retryAfterMs + APPOINTMENT_GRACE_MS;
    return { retryAfterMs, ticket: booked.ticket };
  }

  private keep(booked: Booked): void {
    this.kept++;
    booked.kept = true;
    this.byTicket.delete(booked.ticket);
    this.outstanding--;
  }

  /** Places kept, or given up (no check-in by their due time), leave the outer line from its front. */
  private forgetOld(now: number): void {
    for (let first = this.booked[0]; first !== undefined && (first.kept || first.dueBy < now); first = this.booked[0]) {
      this.booked.shift();
      if (!first.kept) {
        this.byTicket.delete(first.ticket);
        this.outstanding--;
        this.givenUp++;
      }
    }
  }

  /** How many hashes may be with the threads at once: each thread's running one and those in its inbox. */
  private handedAtMost(): number {
    return this.options.atOnce * (1 + (this.options.aheadPerThread ?? 0));
  }

  private threadsBusy(): number {
    return Math.min(this.running, this.options.atOnce);
  }

  /** Adds the time the threads were busy since the count last changed (called before it changes). */
  private countBusy(): void {
    const now = this.now();
    this.busyMs += this.threadsBusy() * (now - this.busySince);
    this.busySince = now;
  }

  private finished(): void {
    this.done++;
    const now = this.now();
    // The pace is measured where it shows: hashes finishing one after the other while others wait.
    if (this.lastBusyFinish !== null) this.slotMs += (now - this.lastBusyFinish - this.slotMs) / 10;
    const next = this.line.shift();
    this.lastBusyFinish = next ? now : null;
    if (!next) {
      this.countBusy();
      this.running--;
      return;
    }
    if (next.priority === 'background') this.backgroundWaiting--;
    next.start(); // the thread passes on
  }
}
