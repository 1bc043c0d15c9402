import { existsSync } from 'node:fs';
import path from 'node:path';

/** Everything the server reads from its environment, in one place (documented in README.md). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  eventStoreUrl: string | null;
  jwtSecret: string | null;
  adminPassword: string | null;
  /** Extra origins allowed to open the WebSocket, comma-separated (the app's own origin always is). */
  allowedOrigins: string | null;
  /** Most commands decided and appended together (group commit); 1 turns it off. */
  commandBatchMax: number;
  /** Directory of the built web app (web/dist). */
  webDir: string;
  /** Express's `trust proxy` (TRUST_PROXY): behind a reverse proxy, whose X-Forwarded-For names the client's address. */
  trustProxy: boolean | number | string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    eventStoreUrl: env.EVENTSTORE_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    allowedOrigins: env.ALLOWED_ORIGINS || null,
    commandBatchMax: Math.max(1, Number(env.COMMAND_BATCH_MAX) || 500),
    webDir: path.join(projectRoot(), 'web/dist'),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
  };
}

/** "true", a number of proxy hops, or addresses/subnets (express's names such as "loopback" included); unset: none. */
function trustProxyOf(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The folder holding package.json, whether running from src/ (tests) or dist/src/ (built). */
function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
