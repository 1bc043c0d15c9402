import { createHash, randomBytes } from 'node:crypto';
import type { SqlDatabase } from '../store/sql/sql-database';

/**
 * Secrets of one-time login links and team invites. The event log only knows the link or invite id;
 * the token itself is shown once and stored here as a SHA-256 hash (a leaked table opens nothing).
 * The table `one_time_tokens` comes from the write side's migrations (src/store/sql/migrations.ts).
 */

export type TokenKind = 'login' | 'invite' | 'reset';

/**
 * Login links are single-use and short-lived; invites are shared with several friends and last a night;
 * password reset links (PROTOCOL.md wave 5) are single-use and last an hour.
 */
export const TOKEN_RULES: Record<TokenKind, { lifetimeMs: number; singleUse: boolean }> = {
  login: { lifetimeMs: 24 * 3600_000, singleUse: true },
  invite: { lifetimeMs: 7 * 24 * 3600_000, singleUse: false },
  reset: { lifetimeMs: 60 * 60_000, singleUse: true },
};

function usable(token: unknown): token is string {
  return typeof token === 'string' && token.length > 0 && token.length <= 200;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class OneTimeTokens {
  private constructor(private readonly db: SqlDatabase) {}

  static async open(db: SqlDatabase): Promise<OneTimeTokens> {
    return new OneTimeTokens(db);
  }

  /** A new token for the link or invite `refId`; returned once, stored only as a hash. */
  async issue(kind: TokenKind, refId: string, now: number = Date.now()): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.db.query('INSERT INTO one_time_tokens (token_hash, kind, ref_id, expires_at) VALUES ($1, $2, $3, $4)', [
      hashOf(token),
      kind,
      refId,
      new Date(now + TOKEN_RULES[kind].lifetimeMs).toISOString(),
    ]);
    return token;
  }

  /**
   * The id the token stands for, or null when it is unknown, expired or (single-use) already used.
   * A single-use token is marked used in the same statement, so two redemptions cannot both win.
   */
  async redeem(kind: TokenKind, token: unknown, now: number = Date.now()): Promise<string | null> {
    if (!usable(token)) return null;
    const at = new Date(now).toISOString();
    const rows = TOKEN_RULES[kind].singleUse
      ? await this.db.query<{ ref_id: string }>(
          'UPDATE one_time_tokens SET used_at = $3 WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3 RETURNING ref_id',
          [hashOf(token), kind, at],
        )
      : await this.db.query<{ ref_id: string }>(
          'SELECT ref_id FROM one_time_tokens WHERE token_hash = $1 AND kind = $2 AND expires_at > $3',
          [hashOf(token), kind, at],
        );
    return rows[0]?.ref_id ?? null;
  }

  /** The id a token stands for while it could be redeemed (known, unexpired, unused), without using it. */
  async peek(kind: TokenKind, token: unknown, now: number = Date.now()): Promise<string | null> {
    if (!usable(token)) return null;
    const rows = await this.db.query<{ ref_id: string }>(
      'SELECT ref_id FROM one_time_tokens WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3',
      [hashOf(token), kind, new Date(now).toISOString()],
    );
    return rows[0]?.ref_id ?? null;
  }
}
