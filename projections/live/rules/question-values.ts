/** What a question is worth. */
import type { Question } from '../../../events';

export const UNSET_QUESTION_POINTS = -1;

/** "(3) Geschichte" is worth 3 points; a category without a leading bracketed number is worth 1. */
export function categoryPoints(category: string): number {
  const match = /^\s*\((\d+)\)/.exec(category);
  return match ? Number(match[1]) : 1;
}

/** What a question is worth: its own points, or when unset (-1) its category's bracketed number. */
export function questionValue(question: Question): number {
  return question.points >= 0 ? question.points : categoryPoints(question.category);
}
