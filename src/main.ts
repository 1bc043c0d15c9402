import 'reflect-metadata';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { FIRST_ADMIN_PASSWORD_FILE } from './identity/first-admin';
import { startServer, type RunningServer } from './server';

const FIRST_ADMIN_CREATED = 'Erster Admin angelegt: Benutzer "admin" mit dem Passwort aus ADMIN_PASSWORD.';
const FIRST_ADMIN_GONE =
  'ADMIN_PASSWORD_RESET wirkt nicht: Der erste Admin ist gelöscht oder kein Admin mehr. Rollen vergibt `npm run user -- roles`.';
const FIRST_ADMIN_LOGIN_TAKEN =
  'Kein Admin angelegt: Niemand hat die Rolle admin, aber den Login "admin" hat schon jemand. Rollen vergibt `npm run user -- roles`.';

/**
 * The lines an operator needs after the start: where the show runs (PUBLIC_URL, else each LAN address
 * players on the same network can open, src/http/public-origin.ts) and, once, the first admin's
 * password. A generated password never goes into a JSON log (a log collector keeps it): in JSON mode
 * it is shown on stderr when that is a terminal, otherwise only written to a file readable by the
 * server's user (docs/decisions/hostile-crowd-auth.md).
 */
async function announce(server: RunningServer, config: AppConfig): Promise<void> {
  const admin = server.firstAdmin;
  const [first, ...more] = server.addresses;
  const where = `Quiz-Show läuft: ${first}  (Store: ${server.storage.events.kind}, Daten: ${config.databaseUrl ? 'Postgres' : config.dataDir})`;
  const alsoLines = more.map((address) => `Auch erreichbar: ${address}`);
  const reset =
    !admin.created && admin.passwordReset
      ? 'Passwort des ersten Admins auf ADMIN_PASSWORD gesetzt (ADMIN_PASSWORD_RESET).'
      : null;
  const noFirstAdmin = !admin.created && admin.userId === null && config.adminPasswordReset ? FIRST_ADMIN_GONE : null;
  const loginTaken = !admin.created && admin.loginTaken ? FIRST_ADMIN_LOGIN_TAKEN : null;
  const generated = admin.created && admin.generated ? admin.password : null;
  const shownLine = (password: string) =>
    `Erster Admin angelegt: Benutzer "admin", Passwort "${password}" (nur jetzt angezeigt, bitte notieren)`;
  if (config.logFormat === 'text') {
    console.log(`\n${where}`);
    for (const line of alsoLines) console.log(line);
    if (generated) console.log(shownLine(generated));
    else if (admin.created) console.log(FIRST_ADMIN_CREATED);
    if (reset) console.log(reset);
    for (const warning of [noFirstAdmin, loginTaken]) if (warning) console.warn(warning);
    return;
  }
  server.logger.log(where, { url: first, addresses: server.addresses, store: server.storage.events.kind }, 'Start');
  if (reset) server.logger.log(reset, 'Start');
  for (const warning of [noFirstAdmin, loginTaken]) if (warning) server.logger.warn(warning, 'Start');
  if (admin.created && !generated) server.logger.log(FIRST_ADMIN_CREATED, 'Start');
  if (!generated) return;
  if (process.stderr.isTTY) {
    process.stderr.write(`${shownLine(generated)}\n`);
    server.logger.log(
      'Erster Admin angelegt: Benutzer "admin"; das erzeugte Passwort steht im Terminal (nicht im Log).',
      'Start',
    );
    return;
  }
  const file = path.join(config.dataDir, FIRST_ADMIN_PASSWORD_FILE);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${generated}\n`, { mode: 0o600 });
  server.logger.log(
    `Erster Admin angelegt: Benutzer "admin"; das erzeugte Passwort steht in ${file} (nur für den Server-Benutzer lesbar; nach dem Notieren löschen).`,
    'Start',
  );
}

async function main(): Promise<void> {
  const modulesLoaded = performance.now(); // since the process started: node itself and every module
  const config = loadConfig();
  const server = await startServer(config);
  await announce(server, config);
  const phases = Object.entries({ modules: Math.round(modulesLoaded), ...server.startPhases }).map(
    ([name, ms]) => `${name} ${ms}`,
  );
  server.logger.debug?.(`Startphasen in ms: ${phases.join(', ')}`, 'Start');
  const shutdown = async (signal: string) => {
    server.logger.log(`${signal}: fahre herunter`, 'Start');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A bad setting is the operator's to fix: its message names the variable, a stack would only hide it.
  console.error('Start fehlgeschlagen:', error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
