/**
 * Nights exported from a running show (`npm run night -- export <nightId> <file>`) and checked in
 * under events/recordings/, as the starting point of a test (docs/testing.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LiveState } from '../../projections/live';
import { replayEvents } from '../../src/replay/night-commands';
import { readNightExport } from '../../src/replay/night-events';
import type { StoredEvent } from '../../src/store/event-store';
import { RECORDING_DIR } from './recording-files';
import { World } from './world';

/** The stored events of `events/recordings/<file>`, in log order. */
export function exportedNight(file: string): StoredEvent[] {
  return readNightExport(readFileSync(path.resolve(__dirname, '..', '..', RECORDING_DIR, file), 'utf8')).events;
}

/** How many events lead up to and include the first one that matches (the `--to` of `npm run night -- replay`). */
export function countThrough(events: readonly StoredEvent[], matches: (event: StoredEvent) => boolean): number {
  const index = events.findIndex(matches);
  if (index < 0) throw new Error('no event of the night matches');
  return index + 1;
}

/**
 * A World standing where the night stood after its first `count` events, folded as the server folds
 * them (what `npm run night -- replay <file> --to <count>` prints); its clock shows the last one's time.
 */
export function worldAfter(events: readonly StoredEvent[], count: number): World {
  const world = new World('test');
  world.state = replayEvents(events, { to: count }).state;
  world.now = Number(events[count - 1]!.metadata.recordedAt);
  return world;
}

/** A user of the night by login, as the actor of a command (roles from the state). */
export function userId(state: LiveState, login: string): string {
  const user = state.users.values().find((u) => u.login === login);
  if (!user) throw new Error(`no user ${login} in the night`);
  return user.id;
}
