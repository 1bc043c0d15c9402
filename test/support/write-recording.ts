/**
 * Writes the expected views of events/recordings/night-1.jsonl, and with --events the recording too.
 * The checked-in recording holds AnswersLockedIn in version 1 on purpose: it proves that old logs
 * replay through the upcaster. Rewriting it (--events) writes every event in its current version.
 * Run: npm run build:bench && node dist-bench/test/support/write-recording.js [--events]
 */
import fs from 'node:fs';
import path from 'node:path';
import { recordNight } from './recorded-night';
import { expectedViewsOf, RECORDING_DIR } from './recording-files';

const night = recordNight();
function projectRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json')) || fs.existsSync(path.join(dir, 'tsconfig.json')) === false)
    dir = path.dirname(dir);
  return dir;
}

const root = projectRoot(__dirname);
const dir = path.join(root, RECORDING_DIR);
fs.mkdirSync(dir, { recursive: true });
if (process.argv.includes('--events')) {
  fs.writeFileSync(path.join(dir, 'night-1.jsonl'), night.world.log.map((e) => JSON.stringify(e)).join('\n') + '\n');
}
fs.writeFileSync(
  path.join(dir, 'night-1.expected-views.json'),
  JSON.stringify(expectedViewsOf(night.world.state, night.viewers), null, 2) + '\n',
);
process.stdout.write(`wrote the views of ${night.world.log.length} events to ${dir}\n`);
