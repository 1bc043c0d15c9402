/**
 * Questions are numbered round 1 to 99, question 1 to 999: the points table has a column for every
 * round up to the last, so a typo like round 169220804 would build an array the process cannot hold.
 */
export const MAX_ROUND = 99;
export const MAX_QUESTION_NUMBER = 999;

/** Whether a round and question number can name a question (see MAX_ROUND). */
export function isQuestionPosition(round: number, number: number): boolean {
  return round >= 1 && round <= MAX_ROUND && number >= 1 && number <= MAX_QUESTION_NUMBER;
}
