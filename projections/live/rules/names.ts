/** Names of users and teams: how long they may be, when two are the same, and what stands for none. */
import { FIELD_MAXIMA } from './field-limits';

export const MAX_NAME_LENGTH = FIELD_MAXIMA.name;
export const MIN_DISPLAY_NAME_LENGTH = 3;
/** The spec's name shown for a team that is not there (deleted since, or none). */
export const MISSING_TEAM_NAME = '(kein Team)';

/** Logins and team names are unique regardless of case. */
export function uniqueNameKey(name: string): string {
  return name.trim().toLowerCase();
}
