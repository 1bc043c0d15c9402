import type { Runtime } from '../runtime';
import { within } from '../engine/within';

/** How long a read waits for the read models to include what the live state already shows. */
const CATCH_UP_MS = 2000;

/**
 * Reads from the read models see at least what the store held when the read came in: a rating just
 * acknowledged, through this app instance or another one, is in the points table. After a short wait
 * they answer with what they have.
 */
export async function readModelsCaughtUp(runtime: Runtime): Promise<void> {
  const target = Math.max(runtime.engine.live.position, await runtime.storage.events.lastPosition());
  await within(runtime.readModels.runner.waitFor(target), CATCH_UP_MS, () => undefined);
}
