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
import { HttpLimits, LoginLimits } from './limits/logins-and-registrations';
import { FRAME_RATE, type Rate } from './limits/frame-rate';
import { Credentials } from './identity/credentials';
import { Presence } from './realtime/presence';
import { PushHub } from './realtime/push-hub';
import { SharedPresence } from './realtime/shared-presence';
import { TeamPasswordGuards } from './limits/sockets-and-team-passwords';
import type { Storage } from './store/storage';
import { TeamPasswords } from './teams/team-passwords';
import { forgetChangedTeamPasswords } from './teams/team-password-change';
import { UPLOADS_PER_USER, UploadLimits } from './limits/uploads';
import { SharedWindowCounter } from './limits/shared-window-counter';
import { AppendBudget } from './limits/append-budget';
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
  storage: Storage;
  engine: Engine;
  presence: Presence;
  hub: PushHub;
  secrets: Secrets;
  /** The Postgres (or embedded) read models, fed from the log: points, exports, the checker. */
  readModels: ReadProjections;
  uploadsDir: string;
  /** Registrations counted per address, shared by the instances on one database (src/limits/logins-and-registrations.ts). */
  limits: HttpLimits;
  /** Failed logins per (name, address) and per address, shared by the instances on Postgres. */
  loginLimits: LoginLimits;
  /** Upload requests per user, the bytes per owner and in all, the disk's floor (src/limits/uploads.ts). */
  uploadLimits: UploadLimits;
  /** Wrong team passwords per user and per team, shared by the instances on one database (src/limits/sockets-and-team-passwords.ts). */
  teamPasswordGuards: TeamPasswordGuards;
  /** Frames each socket may send (src/limits/frame-rate.ts). */
  frameRate: Rate;
  /** Bytes each player may append per hour, shared by the instances on one database (src/limits/append-budget.ts). */
  appendBudget: AppendBudget;
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

export async function openSecrets(config: AppConfig, storage: Storage): Promise<Secrets> {
  const secret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  return {
    credentials: await Credentials.open(storage.sql),
    teamPasswords: await TeamPasswords.open(storage.sql),
    tokens: await OneTimeTokens.open(storage.sql),
    ...tokenServices(secret),
  };
}

export async function startRuntime(
  config: AppConfig,
  storage: Storage,
  secrets: Secrets,
  pipeline: PipelineOptions = {},
  frameRate: Rate = FRAME_RATE,
  readProjections: ReadProjectionOptions = {},
): Promise<Runtime> {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  const appendBudget = await AppendBudget.open(storage.sql, config.appendBudgetBytes);
  appendBudget.start();
  const engine = await Engine.start(
    storage.events,
    { budget: appendBudget, ...pipeline },
    { snapshots: await SnapshotStore.open(storage.sql) },
  );
  // On Postgres several app instances may serve one show: who is online is shared between them.
  const presence = storage.sql.kind === 'postgres' ? await SharedPresence.start(storage.sql) : new Presence();
  forgetChangedTeamPasswords({ engine, secrets });
  const hub = new PushHub(engine.live, presence);
  hub.start();
  if (presence instanceof SharedPresence) presence.onRemoteChange((userId) => hub.presenceChanged(userId));
  const mailer = config.smtpUrl && config.mailFrom ? smtpMailer(config.smtpUrl, config.mailFrom) : null;
  const passwordResets = await PasswordResets.open({
    engine,
    tokens: secrets.tokens,
    credentials: secrets.credentials,
    sql: storage.sql,
    mailer,
    publicUrl: config.publicUrl,
    sign: (user) => secrets.jwt.sign(user),
  });
  const loginLimits = await LoginLimits.open(storage.sql);
  const uploadLimits = await UploadLimits.open(
    storage.sql,
    uploadsDir,
    { totalBytes: config.uploadsMaxBytes, minFreeBytes: config.uploadsMinFreeBytes },
    await SharedWindowCounter.open(storage.sql, 'uploads', UPLOADS_PER_USER),
  );
  const readModels = await startReadProjections(storage.sql, storage.events, {
    ...readProjections,
    rebuild: { report: rebuildLog(), ...readProjections.rebuild },
  });
  return {
    config,
    storage,
    engine,
    presence,
    hub,
    secrets,
    readModels,
    uploadsDir,
    limits: await HttpLimits.open(storage.sql),
    loginLimits,
    uploadLimits,
    teamPasswordGuards: await TeamPasswordGuards.open(storage.sql),
    frameRate,
    appendBudget,
    passwordResets,
    erasure: new Erasure({ engine, storage, credentials: secrets.credentials, loginLimits, uploadLimits, uploadsDir }),
    logins: new Logins({
      live: engine.live,
      credentials: secrets.credentials,
      limits: loginLimits,
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
  await runtime.appendBudget.stop();
}
