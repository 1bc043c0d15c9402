/** Readers of untrusted wire fields, for the command table's parsers (the edge); the general ones are the engine's. */

import { textOf } from '../../projections/live/rules/field-readers';
import { tooLongProblem, type LimitedTextField } from '../../projections/live/rules/field-limits';
import { reject, type Rejection } from './decision';

export { numberOf, textOf, wholeNumberOf } from '../../projections/live/rules/field-readers';

/** Quiz ids are strings; moderators type numbers. */
export function quizIdOf(value: unknown): string {
  return textOf(value).trim();
}

/** A text field with a maximum length (field-limits): the text, or the refusal when it is longer. */
export function limitedTextOf(field: LimitedTextField, value: unknown): string | Rejection {
  const text = textOf(value);
  const problem = tooLongProblem(field, text);
  return problem ? reject(problem) : text;
}

/** true/false as the admin panel and forms send them, else null. */
export function booleanOf(value: unknown): boolean | null {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return null;
}

/** A NUL, or half of a surrogate pair without its other half: text no store can hold (JSONB refuses both). */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether any string in a value, at any depth, keys included, holds invalid text. Iterative: wire
 * content can nest thousands deep.
 */
export function hasInvalidText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (INVALID_TEXT.test(next)) return true;
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (INVALID_TEXT.test(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
