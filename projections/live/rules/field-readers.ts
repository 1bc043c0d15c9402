/** Defensive readers for fields typed by people or sent by clients: what they hold, or a plain fallback. */

/** A string field as sent, or '' when it is not a string. */
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
