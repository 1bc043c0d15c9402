import { uniqueNameKey } from '../../projections/live';
import type { SqlDatabase } from '../store/sql/sql-database';

/** Where one kind of unique name is kept: the table and its owner-id, name-key and timestamp columns. */
export interface UniqueNameTable {
  readonly table: string;
  readonly ownerColumn: string;
  readonly keyColumn: string;
  readonly timeColumn: string;
}

/**
 * Names that stay unique regardless of case (logins, team names), each with its owner's password
 * hash: on the write side, never in events (ARCHITECTURE.md rule 3). The unique key makes this a
 * database guarantee, not a check-then-act race: a name is reserved before its event is appended, so
 * two owners never get the same name, not even from two processes at once. The tables come from the
 * write side's migrations (src/store/sql/migrations.ts).
 */
export class UniqueNames {
  private constructor(
    private readonly db: SqlDatabase,
    private readonly t: UniqueNameTable,
  ) {}

  static async open(db: SqlDatabase, table: UniqueNameTable): Promise<UniqueNames> {
    return new UniqueNames(db, table);
  }

  /** Reserves the name for the owner; false when another owner holds it (case-insensitively). */
  async reserve(ownerId: string, name: string, passwordHash: string): Promise<boolean> {
    const { table, ownerColumn, keyColumn } = this.t;
    const rows = await this.db.query(
      `INSERT INTO ${table} (${ownerColumn}, ${keyColumn}, password_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING ${ownerColumn}`,
      [ownerId, uniqueNameKey(name), passwordHash],
    );
    return rows.length === 1;
  }

  /** Gives the owner's name back (the owner was not created after all, or was deleted). */
  async release(...ownerIds: string[]): Promise<void> {
    await this.db.query(`DELETE FROM ${this.t.table} WHERE ${this.t.ownerColumn} = ANY($1::text[])`, [ownerIds]);
  }

  /** Who holds the name (case-insensitively), with their hash. */
  async holderOf(name: string): Promise<{ ownerId: string; passwordHash: string } | null> {
    const [row] = await this.db.query<{ owner: string; password_hash: string }>(
      `SELECT ${this.t.ownerColumn} AS owner, password_hash FROM ${this.t.table} WHERE ${this.t.keyColumn} = $1`,
      [uniqueNameKey(name)],
    );
    return row ? { ownerId: row.owner, passwordHash: row.password_hash } : null;
  }

  async hashOf(ownerId: string): Promise<string | null> {
    const [row] = await this.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM ${this.t.table} WHERE ${this.t.ownerColumn} = $1`,
      [ownerId],
    );
    return row?.password_hash ?? null;
  }

  /** A new hash for the owner; the timestamp says when. */
  async setHash(ownerId: string, passwordHash: string): Promise<void> {
    await this.db.query(
      `UPDATE ${this.t.table} SET password_hash = $2, ${this.t.timeColumn} = now() WHERE ${this.t.ownerColumn} = $1`,
      [ownerId, passwordHash],
    );
  }
}
