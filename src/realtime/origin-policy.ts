import type { IncomingMessage } from 'node:http';

/**
 * Which pages may open the WebSocket: the app's own origin (the Origin's host equals the Host
 * header), origins listed in ALLOWED_ORIGINS (comma-separated), and clients that send no Origin
 * (not browsers: a browser always sends one). Checked on the upgrade: a foreign page gets 403.
 */
let extraOrigins = new Set<string>();

export function configureAllowedOrigins(list: string | null | undefined): void {
  extraOrigins = new Set(
    (list ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
  );
}

export function isAllowedOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  if (extraOrigins.has(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** ws's verifyClient hook. */
export function allowedOrigin(
  info: { origin: string; req: IncomingMessage },
  done: (ok: boolean, code?: number, message?: string) => void,
): void {
  if (isAllowedOrigin(info.origin || undefined, info.req.headers.host)) done(true);
  else done(false, 403, 'Origin not allowed');
}
