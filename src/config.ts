import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export type LogFormat = 'text' | 'json';
export const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type AppLogLevel = (typeof LOG_LEVELS)[number];

/** Everything the server reads from its environment, in one place (documented in README.md). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** MIGRATION_DATABASE_URL: the database's owner, who runs the migrations at the start; DATABASE_URL then names the runtime role (deploy/postgres-roles.sql). */
  migrationDatabaseUrl: string | null;
  eventStoreUrl: string | null;
  jwtSecret: string | null;
  adminPassword: string | null;
  /** ADMIN_PASSWORD_RESET: ADMIN_PASSWORD replaces the admin's password at this start (otherwise it only sets the first one). */
  adminPasswordReset: boolean;
  /** ALLOW_WEAK_SECRETS: short JWT_SECRET, METRICS_TOKEN and ADMIN_PASSWORD are accepted (local trials only). */
  allowWeakSecrets: boolean;
  /** Extra origins allowed to open the WebSocket, comma-separated (the app's own origin always is). */
  allowedOrigins: string | null;
  /** Most commands decided and appended together (group commit); 1 turns it off. */
  commandBatchMax: number;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** `json`: one JSON object per log line (with the request id), for log collectors. */
  logFormat: LogFormat;
  /** The most detailed level logged; `debug` adds Nest's start-up lines (one per route). */
  logLevel: AppLogLevel;
  /** Directory of the built web app (web/dist). */
  webDir: string;
  /**
   * Express's `trust proxy` (TRUST_PROXY): behind a reverse proxy, whose X-Forwarded-For names the
   * client's address. A hop count or the proxies' addresses; never `true` (every client could name its
   * own address and walk past every per-address limit).
   */
  trustProxy: false | number | string;
  /** APPEND_BUDGET_BYTES: the bytes a player may append to the log per hour (src/limits/append-budget.ts). */
  appendBudgetBytes: number;
  /** UPLOADS_MAX_BYTES: all uploads together may hold at most this many bytes (src/limits/uploads.ts). */
  uploadsMaxBytes: number;
  /** UPLOADS_MIN_FREE_BYTES: uploads are refused before the disk of DATA_DIR has less free space than this. */
  uploadsMinFreeBytes: number;
  /** HASHING_QUEUE_WAIT_SECONDS: how long a login may wait in the password hashing line before it gets an appointment (src/identity/hashing-queue.ts). */
  hashingQueueWaitSeconds: number;
  /**
   * PUBLIC_URL: the one origin of the links the server makes (PROTOCOL.md wave 5), e.g.
   * `https://quiz.example.de`, without a trailing slash; null: links take the request's origin
   * (src/http/public-origin.ts), and no e-mail is sent (its link must not follow a Host header).
   */
  publicUrl: string | null;
  /** SMTP_URL: `smtp://` or `smtps://user:password@host:port`; null: no e-mails (password resets go through the crew). */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of the show's e-mails, e.g. `Quiz <quiz@example.de>`; needed with SMTP_URL. */
  mailFrom: string | null;
}

export const COMMAND_BATCH_LIMIT = 10_000;
/** Defaults of UPLOADS_MAX_BYTES and UPLOADS_MIN_FREE_BYTES (docs/decisions/hostile-crowd-second-round.md). */
export const UPLOADS_TOTAL_DEFAULT_BYTES = 20 * 1024 ** 3;
export const UPLOADS_MIN_FREE_DEFAULT_BYTES = 1024 ** 3;
/**
 * The bytes each player may append to the log per hour (PROTOCOL.md wave 4): generous for play (a
 * night of proposals and chat is a few tens of KB), far below a loop. src/limits/append-budget.ts.
 */
export const APPEND_BUDGET_BYTES_PER_HOUR = 1_000_000;
/** HS256 keys shorter than the hash (32 bytes) can be brute-forced offline from one token. */
export const MIN_SECRET_BYTES = 32;
/** The admin is an operator: operators' passwords have at least 8 characters (projections/live/forms.ts). */
export const MIN_ADMIN_PASSWORD_LENGTH = 8;

/** A setting the server cannot start with: the message names the variable (never a secret's value). */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Ungültige Einstellung${problems.length > 1 ? 'en' : ''}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks every setting; a bad value stops the start with a ConfigError naming the variable
 * (all bad ones at once). Unset and empty variables take their defaults.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  /** The trimmed value, or null when unset or empty. */
  const raw = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  function read<T>(
    name: string,
    fallback: T,
    parse: (value: string) => T | undefined,
    expected: string,
    secret = false,
  ): T {
    const value = raw(name);
    if (value === null) return fallback;
    const parsed = parse(value);
    if (parsed !== undefined) return parsed;
    problems.push(`${name}${secret ? '' : `="${value}"`}: erwartet ${expected}`);
    return fallback;
  }

  const config: AppConfig = {
    port: read('PORT', 3000, (v) => integerIn(v, 0, 65_535), 'eine Portnummer von 0 bis 65535'),
    host: read(
      'HOST',
      '0.0.0.0',
      (v) => (/^\S+$/.test(v) ? v : undefined),
      'eine Adresse oder einen Rechnernamen ohne Leerzeichen',
    ),
    dataDir: path.resolve(raw('DATA_DIR') ?? './data'),
    databaseUrl: read(
      'DATABASE_URL',
      null,
      (v) => urlWith(v, ['postgres:', 'postgresql:']),
      'eine URL postgres://nutzer:passwort@rechner:5432/datenbank',
      true,
    ),
    migrationDatabaseUrl: read(
      'MIGRATION_DATABASE_URL',
      null,
      (v) => urlWith(v, ['postgres:', 'postgresql:']),
      'eine URL postgres://eigentuemer:passwort@rechner:5432/datenbank',
      true,
    ),
    eventStoreUrl: read(
      'EVENTSTORE_URL',
      null,
      (v) =>
        urlWith(v, ['kurrentdb:', 'kurrentdb+discover:', 'kurrent:', 'kurrent+discover:', 'esdb:', 'esdb+discover:']),
      'eine URL kurrentdb://rechner:2113?tls=false (oder esdb://…)',
      true,
    ),
    jwtSecret: raw('JWT_SECRET'),
    adminPassword: raw('ADMIN_PASSWORD'),
    adminPasswordReset: read('ADMIN_PASSWORD_RESET', false, flag, '"true" oder "false"'),
    allowWeakSecrets: read('ALLOW_WEAK_SECRETS', false, flag, '"true" oder "false"'),
    allowedOrigins: read(
      'ALLOWED_ORIGINS',
      null,
      origins,
      'Origins wie https://quiz.example.org, durch Kommas getrennt',
    ),
    commandBatchMax: read(
      'COMMAND_BATCH_MAX',
      500,
      (v) => integerIn(v, 1, COMMAND_BATCH_LIMIT),
      `eine ganze Zahl von 1 bis ${COMMAND_BATCH_LIMIT}`,
    ),
    metricsToken: raw('METRICS_TOKEN'),
    logFormat: read('LOG_FORMAT', 'text', (v) => oneOf(v, ['text', 'json'] as const), '"text" oder "json"'),
    logLevel: read('LOG_LEVEL', 'log', (v) => oneOf(v, LOG_LEVELS), LOG_LEVELS.map((l) => `"${l}"`).join(', ')),
    webDir: path.join(projectRoot(), 'web/dist'),
    trustProxy: read(
      'TRUST_PROXY',
      false as number | string | false,
      trustProxyOf,
      'die Zahl der Proxys vor dem Server (1 bis 5) oder ihre Adressen (z. B. loopback oder 10.0.0.0/8; Bereiche höchstens /8 bei IPv4 und /32 bei IPv6), nie "true" oder 0.0.0.0/0: damit könnte jeder Client seine Adresse selbst angeben und die Grenzen pro Anschluss umgehen',
    ),
    uploadsMaxBytes: read(
      'UPLOADS_MAX_BYTES',
      UPLOADS_TOTAL_DEFAULT_BYTES,
      (v) => integerIn(v, 0, Number.MAX_SAFE_INTEGER),
      'eine ganze Zahl (Bytes)',
    ),
    uploadsMinFreeBytes: read(
      'UPLOADS_MIN_FREE_BYTES',
      UPLOADS_MIN_FREE_DEFAULT_BYTES,
      (v) => integerIn(v, 0, Number.MAX_SAFE_INTEGER),
      'eine ganze Zahl (Bytes)',
    ),
    appendBudgetBytes: read(
      'APPEND_BUDGET_BYTES',
      APPEND_BUDGET_BYTES_PER_HOUR,
      (v) => integerIn(v, 1_000, 1_000_000_000),
      'eine ganze Zahl von 1000 bis 1000000000 (Bytes pro Stunde)',
    ),
    publicUrl: read(
      'PUBLIC_URL',
      null,
      publicOriginOf,
      'eine Adresse wie https://quiz.example.de (http oder https, Rechner und Port, ohne Pfad)',
    ),
    smtpUrl: read(
      'SMTP_URL',
      null,
      (v) => urlWith(v, ['smtp:', 'smtps:']),
      'eine URL smtp://nutzer:passwort@rechner:587 oder smtps://nutzer:passwort@rechner:465',
      true,
    ),
    mailFrom: read(
      'MAIL_FROM',
      null,
      (v) => (/^[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/.test(v) ? v : undefined),
      'eine Absenderadresse wie Quiz <quiz@example.de>',
    ),
    hashingQueueWaitSeconds: read(
      'HASHING_QUEUE_WAIT_SECONDS',
      20,
      (v) => integerIn(v, 0, 55),
      'eine ganze Zahl von 0 bis 55 (Sekunden, unter dem Timeout eines Proxys)',
    ),
  };
  const weakAllowed = config.allowWeakSecrets;
  for (const [name, value] of [
    ['JWT_SECRET', config.jwtSecret],
    ['METRICS_TOKEN', config.metricsToken],
  ] as const) {
    if (value !== null && Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES && !weakAllowed) {
      problems.push(
        `${name}: erwartet mindestens ${MIN_SECRET_BYTES} Bytes (z. B. openssl rand -base64 48; für lokale Versuche ALLOW_WEAK_SECRETS=true)`,
      );
    }
  }
  if (config.adminPassword !== null && [...config.adminPassword].length < MIN_ADMIN_PASSWORD_LENGTH && !weakAllowed) {
    problems.push(
      `ADMIN_PASSWORD: erwartet mindestens ${MIN_ADMIN_PASSWORD_LENGTH} Zeichen (für lokale Versuche ALLOW_WEAK_SECRETS=true)`,
    );
  }
  if (config.migrationDatabaseUrl !== null && config.databaseUrl === null)
    problems.push('MIGRATION_DATABASE_URL: braucht DATABASE_URL (die Rolle, mit der die Show läuft)');
  if (config.adminPasswordReset && config.adminPassword === null)
    problems.push('ADMIN_PASSWORD_RESET: braucht ADMIN_PASSWORD (das neue Passwort)');
  if (config.smtpUrl !== null && config.mailFrom === null)
    problems.push('SMTP_URL: braucht MAIL_FROM (den Absender der E-Mails)');
  // The link in a reset e-mail must not take its origin from a request's Host header (anyone may send one).
  if (config.smtpUrl !== null && config.publicUrl === null)
    problems.push('SMTP_URL: braucht PUBLIC_URL (die Adresse der Show für die Links in den E-Mails)');
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function flag(value: string): boolean | undefined {
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

function integerIn(value: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value.toLowerCase());
}

function urlWith(value: string, protocols: readonly string[]): string | undefined {
  try {
    return protocols.includes(new URL(value).protocol) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Each entry an http(s) origin: scheme, host and port, nothing after. */
function origins(value: string): string | undefined {
  const entries = value
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const valid = entries.every((entry) => {
    try {
      const url = new URL(entry);
      return ['http:', 'https:'].includes(url.protocol) && url.origin === entry.toLowerCase();
    } catch {
      return false;
    }
  });
  return valid ? value : undefined;
}

/** One http(s) origin without path, query or fragment (a trailing slash is dropped); the normalised origin. */
function publicOriginOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return ['http:', 'https:'].includes(url.protocol) && bare && !value.endsWith('?') && !value.endsWith('#')
      ? url.origin
      : undefined;
  } catch {
    return undefined;
  }
}

/** At most this many proxies in front of the server (a CDN, a load balancer, an ingress: more is a misconfiguration). */
export const TRUST_PROXY_MAX_HOPS = 5;

/**
 * A hop count up to TRUST_PROXY_MAX_HOPS, or proxy addresses and ranges no wider than /8 (IPv4) or /32
 * (IPv6): `0.0.0.0/0` or `::/0` would believe every client's X-Forwarded-For, which is `true` by another name.
 */
function trustProxyOf(value: string): false | number | string | undefined {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) <= TRUST_PROXY_MAX_HOPS ? Number(value) : undefined;
  const entries = value.split(',').map((entry) => entry.trim());
  const known = ['loopback', 'linklocal', 'uniquelocal'];
  return entries.every((entry) => known.includes(entry) || narrowEnough(entry)) ? value : undefined;
}

function narrowEnough(entry: string): boolean {
  const [, address, prefix] = /^([0-9a-f:.]+)(?:\/(\d{1,3}))?$/i.exec(entry) ?? [];
  if (address === undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  const bits = prefix === undefined ? (version === 4 ? 32 : 128) : Number(prefix);
  return version === 4 ? bits >= 8 && bits <= 32 : bits >= 32 && bits <= 128;
}

/** The folder holding package.json, whether running from src/ (tests) or dist/src/ (built). */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
