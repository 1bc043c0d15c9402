import type { SqlDatabase } from '../store/sql/sql-database';
import { UniqueNames } from './unique-names';

/** Users' logins (unique regardless of case) with their password hashes. */
export const CREDENTIALS_TABLE = {
  table: 'credentials',
  ownerColumn: 'user_id',
  keyColumn: 'login_key',
  timeColumn: 'updated_at',
} as const;

export interface Credential {
  userId: string;
  passwordHash: string;
}

export class Credentials {
  private constructor(private readonly logins: UniqueNames) {}

  static async open(db: SqlDatabase): Promise<Credentials> {
    return new Credentials(await UniqueNames.open(db, CREDENTIALS_TABLE));
  }

  async findByLogin(login: string): Promise<Credential | null> {
    const holder = await this.logins.holderOf(login);
    return holder ? { userId: holder.ownerId, passwordHash: holder.passwordHash } : null;
  }

  async findByUserId(userId: string): Promise<Credential | null> {
    const passwordHash = await this.logins.hashOf(userId);
    return passwordHash === null ? null : { userId, passwordHash };
  }

  /** Returns false when the login is taken (case-insensitively). */
  async create(userId: string, login: string, passwordHash: string): Promise<boolean> {
    return this.logins.reserve(userId, login, passwordHash);
  }

  /** Gives reserved logins back, with their hashes (a registration refused after all, or erased accounts). */
  async remove(...userIds: string[]): Promise<void> {
    await this.logins.release(...userIds);
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.logins.setHash(userId, passwordHash);
  }
}
