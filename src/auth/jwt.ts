import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import type { Role } from '../../events';

/** What a login token says (PROTOCOL.md: id, exp, perm list), and the token generation it was issued in. */
export interface TokenPayload {
  id: string;
  perm: Role[];
  exp: number;
  /** The user's token generation at issue (src/auth/token-holder.ts); tokens from before revocation existed carry none: 0. */
  gen: number;
  /** When this token was issued (seconds since the epoch); tokens without it count as issued an idle window before they expire. */
  iat: number;
  /**
   * `lat`: when the user last proved who they are (a password or a one-time login link), carried over
   * by every renewal (src/auth/token-renewal.ts); tokens without it: their `iat`.
   */
  lat: number;
}

const ALGORITHM = 'HS256';
/**
 * A player's token: the idle window. A token used within it is renewed (src/auth/token-renewal.ts), so a
 * weekly audience never meets an expired token; one left unused for 30 days expires and the web app
 * logs out (docs/decisions/first-minute.md).
 */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 3600;
/**
 * An operator's token (any role): a night with its preparation. A stolen operator token can rewrite
 * the show, so it should not outlive the evening it was made for.
 */
export const OPERATOR_TOKEN_LIFETIME_SECONDS = 12 * 3600;
const ROLES: readonly Role[] = ['admin', 'moderator', 'tester'];

/** Login tokens through @nestjs/jwt: HS256 with the server's secret, `{id, perm, gen, iat, exp}`. */
export class TokenService {
  private readonly jwt: JwtService;

  constructor(secret: string) {
    // A key object, not the string: given a string, jsonwebtoken first tries to read it as a PEM key on
    // every call and fails (measured 1.4 ms per verify against 0.02 ms: 5,000 players' `sa` alone held the loop for seconds).
    this.jwt = new JwtService({
      secret: createSecretKey(Buffer.from(secret, 'utf8')),
      signOptions: { algorithm: ALGORITHM },
      verifyOptions: { algorithms: [ALGORITHM] },
    });
  }

  /**
   * A token for the user as the live state has them now. `loggedInAt` (seconds): when they last proved who
   * they are; a renewal passes the old token's, a login leaves it out (now).
   */
  sign(
    user: { id: string; roles: readonly Role[]; tokenGeneration: number },
    nowMs: number = Date.now(),
    loggedInAt?: number,
  ): string {
    const iat = Math.floor(nowMs / 1000);
    const lifetime = user.roles.length > 0 ? OPERATOR_TOKEN_LIFETIME_SECONDS : TOKEN_LIFETIME_SECONDS;
    return this.jwt.sign({
      id: user.id,
      perm: [...user.roles],
      gen: user.tokenGeneration,
      lat: loggedInAt ?? iat,
      iat,
      exp: iat + lifetime,
    });
  }

  /** The payload of a valid token, or null: forged, expired, another algorithm (alg none too), malformed. */
  verify(token: unknown): TokenPayload | null {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
    try {
      const payload: unknown = this.jwt.verify(token);
      if (typeof payload !== 'object' || payload === null) return null;
      const { id, perm, exp, gen, iat, lat } = payload as Record<string, unknown>;
      if (typeof id !== 'string' || typeof exp !== 'number' || !Array.isArray(perm)) return null;
      if (gen !== undefined && !Number.isSafeInteger(gen)) return null;
      if ((iat !== undefined && !Number.isSafeInteger(iat)) || (lat !== undefined && !Number.isSafeInteger(lat)))
        return null;
      const issued = (iat as number | undefined) ?? exp - TOKEN_LIFETIME_SECONDS;
      return {
        id,
        exp,
        perm: perm.filter((p): p is Role => ROLES.includes(p as Role)),
        gen: (gen as number | undefined) ?? 0,
        iat: issued,
        lat: (lat as number | undefined) ?? issued,
      };
    } catch {
      return null;
    }
  }
}
