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
}

const ALGORITHM = 'HS256';
/** A player's token: a quiz night plus the week around it; the web app logs out when it expires. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;
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
    this.jwt = new JwtService({ secret: createSecretKey(Buffer.from(secret, 'utf8')), signOptions: { algorithm: ALGORITHM }, verifyOptions: { algorithms: [ALGORITHM] } });
  }

  sign(user: { id: string; roles: readonly Role[]; tokenGeneration: number }, nowMs: number = Date.now()): string {
    const iat = Math.floor(nowMs / 1000);
    const lifetime = user.roles.length > 0 ? OPERATOR_TOKEN_LIFETIME_SECONDS : TOKEN_LIFETIME_SECONDS;
    return this.jwt.sign({ id: user.id, perm: [...user.roles], gen: user.tokenGeneration, iat, exp: iat + lifetime });
  }

  /** The payload of a valid token, or null: forged, expired, another algorithm (alg none too), malformed. */
  verify(token: unknown): TokenPayload | null {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
    try {
      const payload: unknown = this.jwt.verify(token);
      if (typeof payload !== 'object' || payload === null) return null;
      const { id, perm, exp, gen } = payload as Record<string, unknown>;
      if (typeof id !== 'string' || typeof exp !== 'number' || !Array.isArray(perm)) return null;
      if (gen !== undefined && !Number.isSafeInteger(gen)) return null;
      return { id, exp, perm: perm.filter((p): p is Role => ROLES.includes(p as Role)), gen: (gen as number | undefined) ?? 0 };
    } catch {
      return null;
    }
  }
}
