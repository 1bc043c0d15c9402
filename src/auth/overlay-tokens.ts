import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret of a stream overlay link (PROTOCOL.md wave 4): `<linkId>.<mac>`, the mac an HMAC-SHA256
 * of the link's id under the server's secret (the one that signs login tokens). The log holds only the
 * link's id; without the secret no one can make a link's token from it, and nothing about the token is
 * stored anywhere, not even a hash: a page's `sa` checks it by computing it again, with no database
 * query (a thousand overlay pages reconnecting after a restart cost no reads), and the admin's list
 * can show each working link's address again. Revocation is the link's event, not the token's
 * (docs/decisions/stream-overlay.md).
 */
export class OverlayTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the server's secret: a link's mac is never a value the JWT code signs.
    this.key = createHmac('sha256', secret).update('quiz-show overlay links v1').digest();
  }

  private macOf(linkId: string): string {
    return createHmac('sha256', this.key).update(linkId).digest('base64url');
  }

  /** The token of the link: what its address carries (/overlay/<token>). */
  tokenOf(linkId: string): string {
    return `${linkId}.${this.macOf(linkId)}`;
  }

  /** The link id a token stands for, or null when it is malformed or forged (whether the link still works is the live state's). */
  linkIdOf(token: unknown): string | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const linkId = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.macOf(linkId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? linkId : null;
  }
}
