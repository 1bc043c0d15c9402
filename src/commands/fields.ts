/** Readers of untrusted wire fields, for the command table's parsers (the edge). */

/** A string field as sent, or '' when it is not a string (numbers are taken as their text). */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A whole number field (numbers or numeric strings), else null. */
export function wholeNumberOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
}

/** A finite number field (numbers or numeric strings), else null. */
export function numberOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

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
