import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SqlDatabase, SqlSession } from '../store/sql/sql-database';

/**
 * The bytes each upload owner (a team, or a user) holds, and all uploads together, in a table of the
 * write side's database: on Postgres every instance reserves against the same rows, embedded the one
 * process does (docs/decisions/hostile-crowd-second-round.md, "Uploads"). A request reserves bytes
 * before it writes them (a conditional UPDATE of the owner's row and of the total's row in one
 * transaction: two requests never both take the last megabyte); what it stored is settled when it
 * ends, what it did not store is given back. Reservations carry a lease: those of a process that died
 * mid-upload are swept when it ends. Its tables come with migration 4 (src/store/sql/migrations.ts).
 */
/** The row of all uploads together. */
const TOTAL = '*';
/** How long a reservation lives without growing: far longer than any upload takes (the server's request timeout is 5 minutes). */
export const RESERVATION_LEASE_MS = 30 * 60_000;

export type LedgerRefusal = 'owner' | 'total';

class Refused extends Error {
  constructor(readonly reason: LedgerRefusal) {
    super(reason);
  }
}

export class UploadLedger {
  /**
   * The ledger's transactions of this process, one after the other. Each locks the total's row, so
   * concurrent ones would only wait for each other in the database, each holding a connection of the
   * pool meanwhile: 40 uploads at once took every connection, and unrelated requests timed out waiting
   * for one (answered 503). In turn here, the ledger holds one connection at most.
   */
  private turn: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: SqlDatabase,
    private readonly clock: () => number,
  ) {}

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work, work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  static async open(db: SqlDatabase, clock: () => number = Date.now): Promise<UploadLedger> {
    return new UploadLedger(db, clock);
  }

  /** A new reservation's id. */
  newReservation(): string {
    return randomUUID();
  }

  /**
   * Adds `bytes` to the reservation `id` of `owner`, unless the owner would pass `ownerMax` or all
   * uploads `totalMax`: then nothing changes and the reason is returned.
   */
  async reserve(
    id: string,
    owner: string,
    bytes: number,
    ownerMax: number,
    totalMax: number,
  ): Promise<LedgerRefusal | null> {
    try {
      await this.inTurn(() =>
        this.db.transaction(async (tx) => {
          await tx.query(
            'INSERT INTO upload_usage (owner, bytes) VALUES ($1, 0), ($2, 0) ON CONFLICT (owner) DO NOTHING',
            [owner, TOTAL],
          );
          // Row locks in one order (the owner, then the total): concurrent reservations wait, never deadlock.
          const mine = await tx.query(
            'UPDATE upload_usage SET bytes = bytes + $2 WHERE owner = $1 AND bytes + $2 <= $3 RETURNING bytes',
            [owner, bytes, ownerMax],
          );
          if (mine.length === 0) throw new Refused('owner');
          const all = await tx.query(
            'UPDATE upload_usage SET bytes = bytes + $2 WHERE owner = $1 AND bytes + $2 <= $3 RETURNING bytes',
            [TOTAL, bytes, totalMax],
          );
          if (all.length === 0) throw new Refused('total');
          await tx.query(
            `INSERT INTO upload_reservations (id, owner, bytes, expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE SET bytes = upload_reservations.bytes + EXCLUDED.bytes, expires_at = EXCLUDED.expires_at`,
            [id, owner, bytes, this.leaseEnd()],
          );
        }),
      );
      return null;
    } catch (error) {
      if (error instanceof Refused) return error.reason;
      throw error;
    }
  }

  /**
   * The request ended: of what it reserved, `stored` bytes stay the owner's, the rest is given back
   * (`stored` 0: all of it). A reservation already swept counts `stored` afresh.
   */
  async settle(id: string, stored: number): Promise<void> {
    await this.inTurn(() =>
      this.db.transaction(async (tx) => {
        const rows = await tx.query<{ owner: string; bytes: string | number }>(
          'DELETE FROM upload_reservations WHERE id = $1 RETURNING owner, bytes',
          [id],
        );
        const row = rows[0];
        if (row) await adjust(tx, row.owner, stored - Number(row.bytes));
      }),
    );
  }

  /** Files that were deleted (an erasure): their bytes are the owner's no longer. */
  async freed(owner: string, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    await this.inTurn(() => this.db.transaction((tx) => adjust(tx, owner, -bytes)));
  }

  /** Bytes held by the owner (stored and reserved). */
  async usage(owner: string = TOTAL): Promise<number> {
    const rows = await this.db.query<{ bytes: string | number }>('SELECT bytes FROM upload_usage WHERE owner = $1', [
      owner,
    ]);
    return Number(rows[0]?.bytes ?? 0);
  }

  /** Reservations whose lease ended (their process died mid-upload) are given back. */
  async sweepExpired(): Promise<void> {
    await this.inTurn(() =>
      this.db.transaction(async (tx) => {
        const rows = await tx.query<{ owner: string; bytes: string | number }>(
          'DELETE FROM upload_reservations WHERE expires_at < $1 RETURNING owner, bytes',
          [new Date(this.clock()).toISOString()],
        );
        const byOwner = new Map<string, number>();
        for (const row of rows) byOwner.set(row.owner, (byOwner.get(row.owner) ?? 0) + Number(row.bytes));
        // Owners' rows first (in one order), the total's last: the order every transaction here locks them in.
        for (const owner of [...byOwner.keys()].sort())
          await tx.query('UPDATE upload_usage SET bytes = GREATEST(0, bytes - $2) WHERE owner = $1', [
            owner,
            byOwner.get(owner),
          ]);
        const total = [...byOwner.values()].reduce((a, b) => a + b, 0);
        if (total > 0)
          await tx.query('UPDATE upload_usage SET bytes = GREATEST(0, bytes - $2) WHERE owner = $1', [TOTAL, total]);
      }),
    );
  }

  /**
   * Counts what the uploads folder holds, per owner, into the table (at the start: a folder restored
   * from a backup, files deleted by hand, the first start with the table). Only while no upload is
   * under way anywhere: an instance's reservation in flight would otherwise be lost from the count.
   * Returns whether it counted.
   */
  async recount(uploadsDir: string, kinds: readonly string[], everyProcessStopped: boolean): Promise<boolean> {
    const onDisk = await bytesPerOwner(uploadsDir, kinds);
    return this.inTurn(() =>
      this.db.transaction(async (tx) => {
        await tx.query('LOCK TABLE upload_usage IN EXCLUSIVE MODE');
        if (everyProcessStopped) await tx.query('DELETE FROM upload_reservations');
        else
          await tx.query('DELETE FROM upload_reservations WHERE expires_at < $1', [
            new Date(this.clock()).toISOString(),
          ]);
        const active = await tx.query('SELECT 1 FROM upload_reservations LIMIT 1');
        if (active.length > 0) return false;
        await tx.query('DELETE FROM upload_usage');
        let total = 0;
        for (const [owner, bytes] of onDisk) {
          total += bytes;
          await tx.query('INSERT INTO upload_usage (owner, bytes) VALUES ($1, $2)', [owner, bytes]);
        }
        await tx.query('INSERT INTO upload_usage (owner, bytes) VALUES ($1, $2)', [TOTAL, total]);
        return true;
      }),
    );
  }

  private leaseEnd(): string {
    return new Date(this.clock() + RESERVATION_LEASE_MS).toISOString();
  }
}

/**
 * Adds `delta` to the owner's and the total's rows, never below zero: the owner's row first, then the
 * total's, the order every transaction here locks them in (one statement for both would lock them in
 * the table's order, and two transactions could wait for each other).
 */
async function adjust(tx: SqlSession, owner: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx.query('UPDATE upload_usage SET bytes = GREATEST(0, bytes + $2) WHERE owner = $1', [owner, delta]);
  await tx.query('UPDATE upload_usage SET bytes = GREATEST(0, bytes + $2) WHERE owner = $1', [TOTAL, delta]);
}

/** Sizes of the stored files (<kind>/<owner>/<file>) summed per owner. */
async function bytesPerOwner(uploadsDir: string, kinds: readonly string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const kind of kinds) {
    const owners = await readdir(path.join(uploadsDir, kind)).catch(() => [] as string[]);
    for (const owner of owners) {
      const dir = path.join(uploadsDir, kind, owner);
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const size = await stat(path.join(dir, name)).then(
          (s) => (s.isFile() ? s.size : 0),
          () => 0,
        );
        totals.set(owner, (totals.get(owner) ?? 0) + size);
      }
    }
  }
  return totals;
}
