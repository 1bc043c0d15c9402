import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './config';

/**
 * The release (package.json's "version", CHANGELOG.md): what GET /api/health, the admin screen, the
 * API docs and every CLI's `--version` show. Read once from package.json, which the image ships.
 */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string }
).version;

/** A CLI called with `--version` prints the release and ends (true); otherwise false. */
export function printedVersion(argv: readonly string[] = process.argv): boolean {
  if (!argv.includes('--version')) return false;
  console.log(APP_VERSION);
  return true;
}
