import type { Runtime } from '../runtime';

/** How long a read waits for the read models to include what the live state already shows. */
const CATCH_UP_MS = 2000;

/**
 * Reads from the read models see at least what the live state has folded (a rating just
 * acknowledged is in the points table); after a short wait they answer with what they have.
 */
export async function readModelsCaughtUp(runtime: Runtime): Promise<void> {
  const target = runtime.engine.live.position;
  await Promise.race([runtime.readModels.runner.waitFor(target), new Promise((resolve) => setTimeout(resolve, CATCH_UP_MS).unref())]);
}
