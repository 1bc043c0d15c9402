/** Readers of untrusted wire fields, for the command table's parsers (the edge); the general ones are the engine's. */

import { textOf } from '../../projections/live/readers';

export { numberOf, textOf, wholeNumberOf } from '../../projections/live/readers';

/** Quiz ids are strings; moderators type numbers. */
export function quizIdOf(value: unknown): string {
  return textOf(value).trim();
}

/** true/false as the admin panel and forms send them, else null. */
export function booleanOf(value: unknown): boolean | null {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return null;
}
