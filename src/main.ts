import 'reflect-metadata';
import { loadConfig } from './config';
import { startServer } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const admin = server.firstAdmin;
  console.log(`\nQuiz-Show läuft: ${server.url}  (Store: ${server.storage.events.kind}, Daten: ${config.databaseUrl ? 'Postgres' : config.dataDir})`);
  if (admin.created) {
    console.log(`Erster Admin angelegt: Benutzer "admin", Passwort "${admin.password}"${admin.generated ? ' (nur jetzt angezeigt, bitte notieren)' : ' (aus ADMIN_PASSWORD)'}`);
  } else if (admin.passwordReset) {
    console.log('Passwort des Benutzers "admin" auf ADMIN_PASSWORD gesetzt.');
  }
  const shutdown = async (signal: string) => {
    console.log(`${signal}: fahre herunter`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Start fehlgeschlagen:', error);
  process.exit(1);
});
