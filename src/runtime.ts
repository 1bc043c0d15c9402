import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startReadProjections, type ReadProjectionOptions, type ReadProjections } from '../projections/read';
import { loadJwtSecret } from './auth/jwt-secret';
import { TokenService } from './auth/jwt';
import { DeviceTokens } from './auth/device-tokens';
import { OneTimeTokens } from './auth/one-time-tokens';
import { OverlayTokens } from './auth/overlay-tokens';
import type { AppConfig } from './config';
import { Engine } from './engine/engine';
import { SnapshotStore } from './engine/snapshots';
import type { PipelineOptions } from './engine/command-pipeline';
import { FRAME_RATE, type Rate } from './limits/frame-rate';
import { Credentials } from './identity/credentials';
import type { PasswordHasher } from './identity/password-hasher';
import { Presence } from './realtime/presence';
import { PushHub } from './realtime/push-hub';
import { SharedPresence } from './realtime/shared-presence';
import type { Storage } from './store/storage';
import { TeamPasswords } from './teams/team-passwords';
import { forgetChangedTeamPasswords } from './teams/team-password-change';
import { openServerLimits, type ServerLimits } from './limits/server-limits';
import { rebuildLog } from './observability/rebuild-log';
import { PasswordResets } from './identity/password-reset';
import { smtpMailer } from './mail/mailer';
import { Erasure } from './identity/erasure';
import { Logins } from './identity/login';

/** The write side's secrets: never in events (ARCHITECTURE.md rule 3). */
export interface Secrets {
  credentials: Credentials;
  teamPasswords: TeamPasswords;
  tokens: OneTimeTokens;
  jwt: TokenService;
  /** The stream overlay links' tokens, derived from the same secret as `jwt`'s (nothing stored). */
  overlayTokens: OverlayTokens;
  /** Known-device cookies of the login (src/auth/device-tokens.ts). */
  devices: DeviceTokens;
}

/**
 * Everything a running server holds, built by the composition root before Nest starts (a broken
 * database fails fast and clearly). Nest gets it in parts, each under its own token (app.module.ts);
 * nothing below the root sees this whole (docs/decisions/doors.md, "Narrow providers instead of the runtime").
 */
export interface Runtime {
  config: AppConfig;
  /** The password hashing queue and its threads, made by the composition root (src/identity/password-hasher.ts). */
  hasher: PasswordHasher;
  storage: Storage;
  engine: Engine;
  presence: Presence;
  hub: PushHub;
  secrets: Secrets;
  /** The Postgres (or embedded) read models, fed from the log: points, exports, the checker. */
  readModels: ReadProjections;
  uploadsDir: string;
  /** Every limit, each named by what it protects (src/limits/server-limits.ts). */
  limits: ServerLimits;
  /** Frames each socket may send (src/limits/frame-rate.ts). */
  frameRate: Rate;
  /** Password reset links by e-mail (SMTP_URL) and from admins (src/identity/password-reset.ts). */
  passwordResets: PasswordResets;
  /** Erasures of accounts and what they leave outside the log (src/identity/erasure.ts). */
  erasure: Erasure;
  /** Logins by password or one-time link (src/identity/login.ts). */
  logins: Logins;
}

/** The services of the server's secret: login tokens and overlay link tokens. */
function tokenServices(secret: string): Pick<Secrets, 'jwt' | 'overlayTokens' | 'devices'> {
  return { jwt: new TokenService(secret), overlayTokens: new OverlayTokens(secret), devices: new DeviceTokens(secret) };
}

export async function openSecrets(config: AppConfig, storage: Storage, hasher: PasswordHasher): Promise<Secrets> {
  const secret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  return {
    credentials: await Credentials.open(storage.sql),
    teamPasswords: await TeamPasswords.open(storage.sql, hasher),
    tokens: await OneTimeTokens.open(storage.sql),
    ...tokenServices(secret),
  };
}

export async function startRuntime(
  config: AppConfig,
  storage: Storage,
  secrets: Secrets,
  hasher: PasswordHasher,
  pipeline: PipelineOptions = {},
  frameRate: Rate = FRAME_RATE,
  readProjections: ReadProjectionOptions = {},
): Promise<Runtime> {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  const limits = await openServerLimits(storage.sql, {
    uploadsDir,
    uploads: { totalBytes: config.uploadsMaxBytes, minFreeBytes: config.uploadsMinFreeBytes },
    appendBudgetBytes: config.appendBudgetBytes,
  });
  limits.appendBudget.start();
  const engine = await Engine.start(
    storage.events,
    { budget: limits.appendBudget, ...pipeline },
    { snapshots: await SnapshotStore.open(storage.sql) },
  );
  // On Postgres several app instances may serve one show: who is online is shared between them.
  const presence = storage.sql.kind === 'postgres' ? await SharedPresence.start(storage.sql) : new Presence();
  forgetChangedTeamPasswords({ engine, secrets });
  const hub = new PushHub(engine.live, presence);
  hub.start();
  if (presence instanceof SharedPresence) presence.onRemoteChange((userId) => hub.presenceChanged(userId));
  const mailer = config.smtpUrl && config.mailFrom ? smtpMailer(config.smtpUrl, config.mailFrom) : null;
  const passwordResets = new PasswordResets({
    engine,
    tokens: secrets.tokens,
    credentials: secrets.credentials,
    hasher,
    limits: limits.passwordResets,
    mailer,
    publicUrl: config.publicUrl,
    sign: (user) => secrets.jwt.sign(user),
  });
  const readModels = await startReadProjections(storage.sql, storage.events, {
    ...readProjections,
    rebuild: { report: rebuildLog(), ...readProjections.rebuild },
  });
  return {
    config,
    hasher,
    storage,
    engine,
    presence,
    hub,
    secrets,
    readModels,
    uploadsDir,
    limits,
    frameRate,
    passwordResets,
    erasure: new Erasure({
      engine,
      storage,
      credentials: secrets.credentials,
      loginLimits: limits.logins,
      uploadLimits: limits.uploads,
      uploadsDir,
    }),
    logins: new Logins({
      live: engine.live,
      credentials: secrets.credentials,
      hasher,
      limits: limits.logins,
      jwt: secrets.jwt,
      devices: secrets.devices,
      oneTimeTokens: secrets.tokens,
    }),
  };
}

export async function stopRuntime(runtime: Runtime): Promise<void> {
  await runtime.passwordResets.stop();
  await runtime.readModels.stop();
  if (runtime.presence instanceof SharedPresence) await runtime.presence.stop();
  runtime.hub.stop();
  await runtime.engine.stop();
  await runtime.limits.appendBudget.stop();
}
