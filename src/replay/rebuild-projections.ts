/**
 * npm run projections:rebuild [name ...] — empties the named read projections (all without a name)
 * and folds the whole event log into them again, with a progress bar on stderr. Uses the server's
 * configuration (DATA_DIR, DATABASE_URL, EVENTSTORE_URL). The embedded PGlite database can be open
 * in one process only: stop the server first; with Postgres it may run beside the server.
 */
import { loadConfig } from '../config';
import { ALL_PROJECTORS, openReadDataSource, projectorsNamed, rebuildProjections } from '../../projections/read';
import { openStorage } from '../store/storage';
import { stderrProgress } from './progress-bar';

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  if (process.argv.includes('--help')) {
    console.log(`Usage: npm run projections:rebuild [name ...]\nProjections: ${ALL_PROJECTORS.map((p) => p.name).join(', ')}`);
    return;
  }
  const projectors = projectorsNamed(names);
  const storage = await openStorage(loadConfig());
  try {
    await openReadDataSource(storage.sql).then((ds) => ds.destroy());
    const bar = stderrProgress(`rebuild ${projectors.map((p) => p.name).join(', ')}`);
    const result = await rebuildProjections(storage.sql, storage.events, projectors, { onProgress: (p) => bar.update(p) });
    bar.done(result);
  } finally {
    await storage.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
