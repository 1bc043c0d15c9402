/** Form rules of the spec (§5), as pure functions returning an error key or null. */

export const MAX_NAME = 50;
export const MAX_GREETING = 500;
export const MIN_DISPLAY_NAME = 3;
export const MAX_UPLOAD_BYTES = 10_000_000;

export type GreetingError = 'missing' | 'nameTooLong' | 'messageTooLong';
export function validateGreeting(name: string, message: string): GreetingError | null {
  if (name.trim() === '' || message.trim() === '') return 'missing';
  if (name.length > MAX_NAME) return 'nameTooLong';
  if (message.length > MAX_GREETING) return 'messageTooLong';
  return null;
}

export type QrTeamError = 'nameMissing' | 'nameTooLong' | 'amountNotNumeric';
export function validateQrTeam(name: string, amount: string): QrTeamError | null {
  if (name.trim() === '') return 'nameMissing';
  if (name.length > MAX_NAME) return 'nameTooLong';
  if (amount.trim() !== '' && !/^\d+$/.test(amount.trim())) return 'amountNotNumeric';
  return null;
}

export type ProfileError = 'passwordMismatch' | 'nameTooShort';
export function validateProfile(name: string, newPassword: string, repeat: string): ProfileError | null {
  if (newPassword !== '' && newPassword !== repeat) return 'passwordMismatch';
  if (name.trim().length < MIN_DISPLAY_NAME) return 'nameTooShort';
  return null;
}

export type UploadError = 'notImage' | 'tooLarge';
export function validateUpload(file: { type: string; size: number }): UploadError | null {
  if (!file.type.startsWith('image')) return 'notImage';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

export const UPLOAD_ACCEPT = 'image/png,image/jpeg,image/gif';

/** Abcd: option letters, default 4, at most 26. */
export function abcdLetters(optionCount: number | undefined): string[] {
  const count = Math.min(26, Math.max(1, optionCount && optionCount > 0 ? optionCount : 4));
  return Array.from({ length: count }, (_, i) => String.fromCharCode(65 + i));
}

/** The option text of an abcd letter ("b" or "B" → the second option), or null. */
export function abcdOptionText(message: string, options: readonly string[] | undefined): string | null {
  const letter = message.trim().toUpperCase();
  if (!options || !/^[A-Z]$/.test(letter)) return null;
  return options[letter.charCodeAt(0) - 65] ?? null;
}
