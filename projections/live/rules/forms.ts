/**
 * The rules of the forms players and guests fill in: the server refuses what breaks them, the web app
 * checks them before sending. Each side says the problem in its own texts (the spec's German messages).
 */
import type { Role } from '../../../events';
import { FIELD_MAXIMA } from './field-limits';
import { MAX_NAME_LENGTH, MIN_DISPLAY_NAME_LENGTH } from './names';

export const GREETING_MESSAGE_MAX_LENGTH = FIELD_MAXIMA.greeting;

export type GreetingProblem = 'missing' | 'nameTooLong' | 'messageTooLong';

/** gruss: name and message required; name at most 50, message at most 500 characters (both trimmed). */
export function greetingProblemOf(name: string, message: string): GreetingProblem | null {
  const trimmedName = name.trim();
  const trimmedMessage = message.trim();
  if (trimmedName === '' || trimmedMessage === '') return 'missing';
  if (trimmedName.length > MAX_NAME_LENGTH) return 'nameTooLong';
  if (trimmedMessage.length > GREETING_MESSAGE_MAX_LENGTH) return 'messageTooLong';
  return null;
}

export type QrTeamProblem = 'nameMissing' | 'amountNotNumeric' | 'nameTooLong';

/** The QR sign-up's member count: null when left empty, NaN when it is not a number. */
export function qrTeamAmountOf(amount: string): number | null {
  const text = amount.trim();
  return text === '' ? null : Number(text);
}

/** QR team form: a name (at most 50 characters, trimmed); the member count is optional but a number if given. */
export function qrTeamProblemOf(name: string, amount: string): QrTeamProblem | null {
  const trimmedName = name.trim();
  if (trimmedName === '') return 'nameMissing';
  const count = qrTeamAmountOf(amount);
  if (count !== null && !Number.isFinite(count)) return 'amountNotNumeric';
  if (trimmedName.length > MAX_NAME_LENGTH) return 'nameTooLong';
  return null;
}

export type ProfileProblem = 'nameTooShort' | 'nameTooLong' | 'passwordMismatch';

/** Passwords of admins, moderators and testers: at least this long (a guessed operator password rewrites the show). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 8;

/** Whether a password of `length` characters is too short for a user with these roles (any role makes an operator). */
export function operatorPasswordTooShort(roles: readonly Role[], length: number): boolean {
  return roles.length > 0 && length < OPERATOR_PASSWORD_MIN_LENGTH;
}

/** Profile: the display name (trimmed) has 3 to 50 characters (too short and too long each say so); a new password must equal its repeat. */
export function profileProblemOf(name: string, newPassword: string, repeat: string): ProfileProblem | null {
  const length = name.trim().length;
  if (length < MIN_DISPLAY_NAME_LENGTH) return 'nameTooShort';
  if (length > MAX_NAME_LENGTH) return 'nameTooLong';
  if (newPassword !== '' && newPassword !== repeat) return 'passwordMismatch';
  return null;
}

export type TeamFormProblem = 'missing' | 'nameTooLong' | 'passwordTooShort';

/**
 * A new team's password has at least this many characters (PROTOCOL.md wave 4, "Hardening, second
 * round"): a team's password is all that stands between a guesser and its answers. Teams created
 * before keep theirs; fusion teams are joined with `(none)` and never set one.
 */
export const TEAM_PASSWORD_MIN_LENGTH = 6;

/**
 * Create-team dialog: name, city and description (trimmed) and a password are required; the name has
 * at most 50 characters, the password at least 6.
 */
export function teamFormProblemOf(form: {
  name: string;
  password: string;
  stadt: string;
  beschreibung: string;
}): TeamFormProblem | null {
  const name = form.name.trim();
  if (name === '' || form.password === '' || form.stadt.trim() === '' || form.beschreibung.trim() === '')
    return 'missing';
  if (name.length > MAX_NAME_LENGTH) return 'nameTooLong';
  if ([...form.password].length < TEAM_PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  return null;
}

/** Pause upload (kind user): the resolution / file name is required (trimmed); the server and the pause screen check it. */
export function pauseUploadNameMissing(label: string): boolean {
  return label.trim() === '';
}
