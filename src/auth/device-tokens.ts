import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Known devices (OWASP Authentication Cheat Sheet, "device cookies"): after a successful login the
 * browser gets a signed cookie naming the user id and the token generation. A login attempt that
 * brings a valid one for the account it tries is counted per device, not against the (name,
 * address) pair and the address: a guest in the same venue who locks `admin` out of that address does
 * not lock out the admin's laptop, which logged in there before. A device cookie that fails too often
 * is locked itself. It ends with what ends the account's tokens (a password change, logging out
 * everywhere, a role change, a block: the generation moves on) and with the account (an erased
 * login registered again is another user id).
 */
export const DEVICE_COOKIE = 'quiz_device';
/** Half a year: a quiz crew's laptop comes back every few weeks. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;

/** What a device cookie names: the account and its token generation (the live state's UserLive has both). */
export interface DeviceAccount {
  readonly id: string;
  readonly tokenGeneration: number;
}

export class DeviceTokens {
  private readonly key: Buffer;

  /** `secret`: the login tokens' secret; the cookies are signed with a key derived from it. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('known-device-cookie').digest();
  }

  /** A new device token for the account: `<user id>.<token generation>.<nonce>.<signature>`. */
  issue(account: DeviceAccount): string {
    const body = `${account.id}.${account.tokenGeneration}.${randomBytes(16).toString('base64url')}`;
    return `${body}.${this.sign(body)}`;
  }

  /**
   * The token's nonce (its identity, for counting its failures) when it is ours and names this
   * account at its current token generation; else null (also for an unknown account: null).
   */
  verify(token: string | null, account: DeviceAccount | undefined): string | null {
    if (!token || token.length > 300 || !account) return null;
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [userId, generation, nonce, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(this.sign(`${userId}.${generation}.${nonce}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return userId === account.id && generation === String(account.tokenGeneration) ? nonce : null;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
