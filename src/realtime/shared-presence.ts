import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from '../store/sql/sql-database';
import { Presence } from './presence';

/** Payloads `<instance> <userId> <userId> …` (these users changed there) or `<instance> *` (reload everyone). */
export const PRESENCE_CHANNEL = 'quiz_presence';
/** User ids per notification: NOTIFY payloads must stay below 8,000 bytes. */
const USERS_PER_NOTIFICATION = 100;

export interface SharedPresenceOptions {
  /** How often an instance says it is alive and reloads who is online elsewhere (a missed notification costs at most this). */
  heartbeatMs?: number;
  /** An instance silent for this long is gone (killed): its users count as offline and its rows are removed. */
  staleMs?: number;
}

const HEARTBEAT_MS = 5_000;
const STALE_MS = 20_000;

/**
 * Presence when several app instances share one Postgres: a user is online when a socket of theirs is
 * open on any live instance. Each instance keeps its own sockets (as Presence does) and mirrors which
 * users it holds into `presence_users`; the other instances learn of a change by NOTIFY and keep the
 * remote online set in memory, so `isOnline` stays a synchronous lookup for the views. A heartbeat
 * marks the instance alive and reloads the remote set (a lost notification heals there); an instance
 * killed without a goodbye drops out once its heartbeat is older than `staleMs`.
 * Presence stays outside the event log (docs/decisions/server.md, "Presence comes from sockets").
 * Its tables (`presence_instances`, `presence_users`) come from the write side's migrations.
 */
export class SharedPresence extends Presence {
  readonly instanceId = randomUUID();
  private readonly remote = new Set<string>();
  private readonly listeners = new Set<(userId: string) => void>();
  private readonly logger = new Logger('Presence');
  /** Users whose local state is not yet written (the write reads the state when it runs: the latest wins). */
  private readonly unwritten = new Set<string>();
  /** Users whose write failed (the database was away): the next heartbeat writes them again. */
  private readonly failed = new Set<string>();
  /** Users to look up on the other instances; '*' for all. */
  private readonly unread = new Set<string>();
  private writing: Promise<void> | null = null;
  private reading: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  private constructor(
    private readonly db: SqlDatabase,
    private readonly heartbeatMs: number,
    private readonly staleMs: number,
  ) {
    super();
  }

  static async start(db: SqlDatabase, options: SharedPresenceOptions = {}): Promise<SharedPresence> {
    const presence = new SharedPresence(db, options.heartbeatMs ?? HEARTBEAT_MS, options.staleMs ?? STALE_MS);
    await db.query('INSERT INTO presence_instances (instance_id) VALUES ($1)', [presence.instanceId]);
    // The listening connection comes back by itself after the database was away; what it missed
    // meanwhile (and what this instance could not write) is healed by a heartbeat at once.
    presence.unlisten = await db.listen(
      PRESENCE_CHANNEL,
      (payload) => presence.notified(payload),
      () => presence.beatNow(),
    );
    await presence.readRemote(['*']);
    presence.heartbeat = setInterval(() => presence.beatNow(), presence.heartbeatMs);
    presence.heartbeat.unref();
    return presence;
  }

  private beatNow(): void {
    if (this.stopped) return;
    this.beating ??= this.beat().finally(() => (this.beating = null));
  }

  /** Called with a user whose online state changed on another instance. */
  onRemoteChange(listener: (userId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  override connected(userId: string): boolean {
    const first = super.connected(userId);
    if (first) this.write(userId);
    return first;
  }

  override disconnected(userId: string): boolean {
    const last = super.disconnected(userId);
    if (last) this.write(userId);
    return last;
  }

  override isOnline(userId: string): boolean {
    return super.isOnline(userId) || this.remote.has(userId);
  }

  override *onlineUserIds(): IterableIterator<string> {
    yield* super.onlineUserIds();
    for (const userId of this.remote) if (!super.isOnline(userId)) yield userId;
  }

  /** Resolves once what this instance holds is written and what others announced is read (tests wait on it). */
  async settled(): Promise<void> {
    while (this.writing || this.reading) await Promise.all([this.writing, this.reading]);
  }

  /** Says goodbye: this instance's users are offline for the others at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.beating;
    await this.settled();
    await this.unlisten?.();
    await this.db
      .transaction(async (tx) => {
        await tx.query('DELETE FROM presence_instances WHERE instance_id = $1', [this.instanceId]);
        await tx.query('SELECT pg_notify($1, $2)', [PRESENCE_CHANNEL, `${this.instanceId} *`]);
      })
      .catch((error: unknown) => this.logger.warn(`presence not removed: ${String(error)}`));
  }

  private write(userId: string): void {
    this.unwritten.add(userId);
    this.writing ??= this.flushWrites().finally(() => (this.writing = null));
  }

  private async flushWrites(): Promise<void> {
    while (this.unwritten.size > 0 && !this.stopped) {
      const users = [...this.unwritten];
      this.unwritten.clear();
      const online = users.filter((u) => super.isOnline(u));
      const offline = users.filter((u) => !super.isOnline(u));
      try {
        await this.db.transaction(async (tx) => {
          if (online.length > 0) {
            await tx.query(
              'INSERT INTO presence_users (instance_id, user_id) SELECT $1, u FROM unnest($2::text[]) AS u ON CONFLICT DO NOTHING',
              [this.instanceId, online],
            );
          }
          if (offline.length > 0)
            await tx.query('DELETE FROM presence_users WHERE instance_id = $1 AND user_id = ANY($2::text[])', [
              this.instanceId,
              offline,
            ]);
          const payloads: string[] = [];
          for (let i = 0; i < users.length; i += USERS_PER_NOTIFICATION) {
            payloads.push([this.instanceId, ...users.slice(i, i + USERS_PER_NOTIFICATION)].join(' '));
          }
          await tx.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [PRESENCE_CHANNEL, payloads]);
        });
      } catch (error) {
        for (const userId of users) this.failed.add(userId); // presence heals at the next heartbeat
        this.logger.warn(`presence of ${users.length} users not written: ${String(error)}`);
      }
    }
  }

  private notified(payload: string): void {
    const [instance, ...users] = payload.split(' ');
    if (instance === this.instanceId || users.length === 0) return;
    void this.readRemote(users);
  }

  private readRemote(users: readonly string[]): Promise<void> {
    for (const u of users) this.unread.add(u);
    this.reading ??= this.flushReads().finally(() => (this.reading = null));
    return this.reading;
  }

  /** One lookup at a time, so that a later answer is never overwritten by an earlier one. */
  private async flushReads(): Promise<void> {
    while (this.unread.size > 0 && !this.stopped) {
      const all = this.unread.has('*');
      const users = [...this.unread];
      this.unread.clear();
      try {
        const rows = await this.db.query<{ user_id: string }>(
          `SELECT DISTINCT p.user_id FROM presence_users p JOIN presence_instances i USING (instance_id)
            WHERE p.instance_id <> $1 AND i.seen_at > now() - make_interval(secs => $2) AND ($3 OR p.user_id = ANY($4::text[]))`,
          [this.instanceId, this.staleMs / 1000, all, users],
        );
        const online = new Set(rows.map((r) => r.user_id));
        const looked = all ? new Set([...this.remote, ...online]) : new Set(users);
        for (const userId of looked) {
          const before = this.isOnline(userId);
          if (online.has(userId)) this.remote.add(userId);
          else this.remote.delete(userId);
          if (this.isOnline(userId) !== before) this.announce(userId);
        }
      } catch (error) {
        this.logger.warn(`presence of other instances not read: ${String(error)}`);
      }
    }
  }

  private announce(userId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(userId);
      } catch (error) {
        this.logger.error(`presence listener failed: ${String(error)}`);
      }
    }
  }

  /**
   * Alive: refreshes this instance's row (writing its users again if the row was removed meanwhile, say
   * after a long pause, and those whose write failed), removes instances gone silent, and reloads who
   * is online elsewhere.
   */
  private async beat(): Promise<void> {
    if (this.stopped) return;
    try {
      const [mine] = await this.db.query<{ inserted: boolean }>(
        `INSERT INTO presence_instances (instance_id) VALUES ($1)
           ON CONFLICT (instance_id) DO UPDATE SET seen_at = now() RETURNING (xmax = 0) AS inserted`,
        [this.instanceId],
      );
      const again = mine?.inserted ? [...super.onlineUserIds()] : [...this.failed];
      this.failed.clear();
      for (const userId of again) this.write(userId);
      await this.db.query('DELETE FROM presence_instances WHERE seen_at < now() - make_interval(secs => $1)', [
        this.staleMs / 1000,
      ]);
    } catch (error) {
      this.logger.warn(`presence heartbeat failed: ${String(error)}`);
    }
    await this.readRemote(['*']);
  }
}
