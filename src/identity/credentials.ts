import type { SqlDatabase } from '../store/sql/sql-database';

/**
 * Password hashes live here, on the write side, never in events (ARCHITECTURE.md rule 3).
 * The unique login key makes case-insensitive unique logins a database guarantee, not a check-then-act race.
 */
export const CREDENTIALS_SCHEMA = `
CREATE TABLE IF NOT EXISTS credentials (
  user_id       text        PRIMARY KEY,
  login_key     text        NOT NULL UNIQUE,
  password_hash text        NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
`;

export interface Credential {
  userId: string;
  passwordHash: string;
}

export function loginKey(login: string): string {
  return login.trim().toLowerCase();
}

export class Credentials {
  private constructor(private readonly db: SqlDatabase) {}

  static async open(db: SqlDatabase): Promise<Credentials> {
    await db.exec(CREDENTIALS_SCHEMA);
    return new Credentials(db);
  }

  async findByLogin(login: string): Promise<Credential | null> {
    const [row] = await this.db.query<{ user_id: string; password_hash: string }>(
      'SELECT user_id, password_hash FROM credentials WHERE login_key = $1',
      [loginKey(login)],
    );
    return row ? { userId: row.user_id, passwordHash: row.password_hash } : null;
  }

  async findByUserId(userId: string): Promise<Credential | null> {
    const [row] = await this.db.query<{ user_id: string; password_hash: string }>('SELECT user_id, password_hash FROM credentials WHERE user_id = $1', [userId]);
    return row ? { userId: row.user_id, passwordHash: row.password_hash } : null;
  }

  /** Returns false when the login is taken (case-insensitively). */
  async create(userId: string, login: string, passwordHash: string): Promise<boolean> {
    const rows = await this.db.query(
      'INSERT INTO credentials (user_id, login_key, password_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id',
      [userId, loginKey(login), passwordHash],
    );
    return rows.length === 1;
  }

  /** Gives a reserved login back (the registration was refused after all). */
  async remove(userId: string): Promise<void> {
    await this.db.query('DELETE FROM credentials WHERE user_id = $1', [userId]);
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1', [userId, passwordHash]);
  }
}
