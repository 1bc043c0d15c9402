/**
 * Form rules of the spec (§5) that only the web app has: the file picker's checks. The rules the
 * server enforces too (names, greeting, QR team, profile, limits) come from projections/live/rules/forms.ts.
 */
import { UPLOAD_MAX_BYTES } from '@live/rules/field-limits';

export type UploadError = 'notImage' | 'tooLarge';
export function validateUpload(file: { type: string; size: number }): UploadError | null {
  if (!file.type.startsWith('image')) return 'notImage';
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  return null;
}

export const UPLOAD_ACCEPT = 'image/png,image/jpeg,image/gif';

/** The option text of an abcd letter ("b" or "B" → the second option), or null. */
export function abcdOptionText(message: string, options: readonly string[] | undefined): string | null {
  const letter = message.trim().toUpperCase();
  if (!options || !/^[A-Z]$/.test(letter)) return null;
  return options[letter.charCodeAt(0) - 65] ?? null;
}
