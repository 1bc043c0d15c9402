/** The recorded night (events/recordings/night-1.jsonl) as engine events, read the way the replay page reads a download. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { QuizShowEvent } from '../../../events';
import { parseEventLog } from '../../../web/src/replay/load';

const RECORDINGS = path.resolve(__dirname, '../../../events/recordings');

export function recordedNight(): QuizShowEvent[] {
  const { events, problems } = parseEventLog(readFileSync(path.join(RECORDINGS, 'night-1.jsonl'), 'utf8'));
  if (problems.length > 0) throw new Error(`recording unreadable: ${JSON.stringify(problems)}`);
  return events;
}

export function expectedViews(): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(RECORDINGS, 'night-1.expected-views.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}
