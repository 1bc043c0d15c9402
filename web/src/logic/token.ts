/** The session token (JWT) payload: id, exp (seconds since the epoch), perm list. */

export type Perm = 'admin' | 'moderator' | 'tester';

export interface TokenPayload {
  id: string;
  exp: number;
  perm: Perm[];
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes the payload without verifying it (the server verifies); null when it is not a token. */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const raw = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    const id = raw.id;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof raw.exp !== 'number') return null;
    const perm = Array.isArray(raw.perm)
      ? raw.perm.filter((p): p is Perm => p === 'admin' || p === 'moderator' || p === 'tester')
      : [];
    return { id: String(id), exp: raw.exp, perm };
  } catch {
    return null;
  }
}

export function isExpired(payload: TokenPayload, nowMs: number): boolean {
  return payload.exp * 1000 <= nowMs;
}

export type RoleLabel = 'admin' | 'moderator' | 'tester' | null;

/** The role shown in the help dialog: the highest of the perm list. */
export function roleLabel(perm: readonly Perm[]): RoleLabel {
  if (perm.includes('admin')) return 'admin';
  if (perm.includes('moderator')) return 'moderator';
  if (perm.includes('tester')) return 'tester';
  return null;
}
