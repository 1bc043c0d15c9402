import jwt from 'jsonwebtoken';
import type { Role } from '../../events';

/** What a login token says (PROTOCOL.md: id, exp, perm list). */
export interface TokenPayload {
  id: string;
  perm: Role[];
  exp: number;
}

const ALGORITHM = 'HS256';
/** A quiz night plus the week around it; the web app logs out when it expires. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;
const ROLES: readonly Role[] = ['admin', 'moderator', 'tester'];

export class TokenService {
  constructor(private readonly secret: string) {}

  sign(userId: string, roles: readonly Role[], nowMs: number = Date.now()): string {
    const iat = Math.floor(nowMs / 1000);
    return jwt.sign({ id: userId, perm: [...roles], iat, exp: iat + TOKEN_LIFETIME_SECONDS }, this.secret, { algorithm: ALGORITHM });
  }

  /** The payload of a valid token, or null: forged, expired, another algorithm (alg none too), malformed. */
  verify(token: unknown): TokenPayload | null {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: [ALGORITHM] });
      if (typeof payload !== 'object' || payload === null) return null;
      const { id, perm, exp } = payload as Record<string, unknown>;
      if (typeof id !== 'string' || typeof exp !== 'number' || !Array.isArray(perm)) return null;
      return { id, exp, perm: perm.filter((p): p is Role => ROLES.includes(p as Role)) };
    } catch {
      return null;
    }
  }
}
