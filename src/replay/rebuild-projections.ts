/**
 * npm run projections:rebuild [name ...] — rebuilds the named read projections (all without a name)
 * from the whole event log, each beside its tables in use and swapped in when complete (as a start
 * does by itself when a projector's version changed), with a progress bar on stderr. Uses the
 * server's configuration (DATA_DIR, DATABASE_URL, EVENTSTORE_URL). The embedded PGlite database can be
 * open in one process only: stop the server first; with Postgres it may run beside the server, whose
 * readers keep the old tables until the swap.
 */
import { loadConfig } from '../config';
import { ALL_PROJECTORS, openReadDataSource, projectorsNamed, rebuildBeside } from '../../projections/read';
import { openStorage } from '../store/storage';
import { stderrProgress } from './progress-bar';
import { printedVersion } from '../version';

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  if (printedVersion()) return;
  if (process.argv.includes('--help')) {
    console.log(
      `Aufruf: npm run projections:rebuild [Name …]\nProjektionen: ${ALL_PROJECTORS.map((p) => p.name).join(', ')}`,
    );
    return;
  }
  const projectors = projectorsNamed(names);
  const storage = await openStorage(loadConfig());
  try {
    await openReadDataSource(storage.sql).then((ds) => ds.destroy());
    for (const projector of projectors) {
      const bar = stderrProgress(`Neuaufbau ${projector.name}`);
      const { progress } = await rebuildBeside(storage.sql, storage.events, projector, {
        evenIfCurrent: true,
        onProgress: (p) => bar.update(p),
      });
      bar.done(progress);
    }
  } finally {
    await storage.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
