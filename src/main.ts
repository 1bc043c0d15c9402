import 'reflect-metadata';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { startServer, type RunningServer } from './server';

/** The lines an operator needs after the start: where the show runs and, once, the first admin's password. */
function announce(server: RunningServer, config: AppConfig): void {
  const admin = server.firstAdmin;
  const where = `Quiz-Show läuft: ${server.url}  (Store: ${server.storage.events.kind}, Daten: ${config.databaseUrl ? 'Postgres' : config.dataDir})`;
  const adminLine = admin.created
    ? `Erster Admin angelegt: Benutzer "admin", Passwort "${admin.password}"${admin.generated ? ' (nur jetzt angezeigt, bitte notieren)' : ' (aus ADMIN_PASSWORD)'}`
    : admin.passwordReset ? 'Passwort des Benutzers "admin" auf ADMIN_PASSWORD gesetzt.' : null;
  if (config.logFormat === 'json') {
    server.logger.log(where, { url: server.url, store: server.storage.events.kind }, 'Start');
    if (adminLine) server.logger.log(adminLine, 'Start');
    return;
  }
  console.log(`\n${where}`);
  if (adminLine) console.log(adminLine);
}

async function main(): Promise<void> {
  const modulesLoaded = performance.now(); // since the process started: node itself and every module
  const config = loadConfig();
  const server = await startServer(config);
  announce(server, config);
  const phases = Object.entries({ modules: Math.round(modulesLoaded), ...server.startPhases }).map(([name, ms]) => `${name} ${ms}`);
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
