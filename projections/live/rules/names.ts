/** Names of users and teams: how long they may be, when two are the same, and what stands for none. */
import { FIELD_MAXIMA } from './field-limits';

export const MAX_NAME_LENGTH = FIELD_MAXIMA.name;
export const MIN_DISPLAY_NAME_LENGTH = 3;
/** The spec's name shown for a team that is not there (deleted since, or none). */
export const MISSING_TEAM_NAME = '(kein Team)';

/**
 * A new username has at most 50 characters (spec 9; it becomes the first display name, which has at
 * most 50). Logins registered longer before (up to FIELD_MAXIMA.login) keep working.
 */
export const MAX_USERNAME_LENGTH = MAX_NAME_LENGTH;
export const USERNAME_TOO_LONG_TEXT = `Der Nutzername darf höchstens ${MAX_USERNAME_LENGTH} Zeichen lang sein.`;

/** The display name a registration gives: the login, cut to 50 characters with an ellipsis for the longer logins of older logs. */
export function displayNameOfLogin(login: string): string {
  return login.length <= MAX_NAME_LENGTH ? login : `${login.slice(0, MAX_NAME_LENGTH - 1)}…`;
}

/** Logins and team names are unique regardless of case. */
export function uniqueNameKey(name: string): string {
  return name.trim().toLowerCase();
}
