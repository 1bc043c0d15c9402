import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { Request } from 'express';
import type { AppConfig } from '../config';

/**
 * Where the show lives (PROTOCOL.md wave 5): PUBLIC_URL when set, otherwise the origin the request
 * came to (behind a proxy with TRUST_PROXY, its X-Forwarded-Proto and Host). Every link the server
 * makes (overlay, invite, login and reset links, QR codes) starts with it: an admin on the server's
 * own machine must not hand out `localhost` links. Links that go out by e-mail never take the
 * request's origin (a Host header is the sender's to choose): they need PUBLIC_URL (src/config.ts).
 */
export function publicOrigin(config: Pick<AppConfig, 'publicUrl'>, request: Request): string {
  return config.publicUrl ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}

/**
 * Cookies are `Secure` when the public origin is https (PUBLIC_URL); without it, when this request came
 * over https, or behind a trusted proxy (TRUST_PROXY) unless it says the client came over plain http: a
 * TLS proxy that sends no X-Forwarded-Proto must not make the cookie travel in clear.
 */
export function secureCookies(config: Pick<AppConfig, 'publicUrl' | 'trustProxy'>, request: Request): boolean {
  if (config.publicUrl) return config.publicUrl.startsWith('https:');
  if (request.secure) return true;
  return config.trustProxy !== false && request.headers['x-forwarded-proto'] === undefined;
}

/**
 * The addresses printed at the start: PUBLIC_URL when set; otherwise, for a server listening on every
 * interface, each non-internal IPv4 address (players on the same Wi-Fi type or scan them), and the
 * bound host itself for a server listening on one address. `localhost` only when nothing else exists.
 */
export function startAddresses(
  config: Pick<AppConfig, 'publicUrl' | 'host'>,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  if (config.publicUrl) return [config.publicUrl];
  const everywhere = ['0.0.0.0', '::', '[::]'].includes(config.host);
  if (!everywhere)
    return [
      `http://${config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host}:${port}`,
    ];
  const lan = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => `http://${entry.address}:${port}`);
  return lan.length > 0 ? [...new Set(lan)] : [`http://localhost:${port}`];
}
