/**
 * An e-mail address a user gives (PATCH /api/users/:id, PROTOCOL.md wave 5): at most 254 characters,
 * one `@` with something before it and a domain with a dot after it, no spaces. The server's rule and
 * the profile form both ask this.
 */
import { FIELD_LIMIT_TEXTS, FIELD_MAXIMA } from './field-limits';

export type EmailProblem = 'tooLong' | 'invalid';

export function emailProblemOf(email: string): EmailProblem | null {
  if ([...email].length > FIELD_MAXIMA.email) return 'tooLong';
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email) ? null : 'invalid';
}

// ENGINE: no text in the spec (docs/decisions/password-reset.md)
export const EMAIL_PROBLEM_TEXTS: Record<EmailProblem, string> = {
  tooLong: FIELD_LIMIT_TEXTS.tooLong('email'),
  invalid: 'Bitte gib eine gültige E-Mail-Adresse an (zum Beispiel name@example.de).',
};
