export * from './commands';
export { decide } from './decide';
export type { Accepted, Decision, DecisionContext, Rejection, RejectionReason } from './decision';
export { nextQuestionPosition } from '../../projections/live';
export { normalizeContent, normalizeQuestion, questionsFromRounds } from './quiz-content';
export { parseShipAnswer, shipAnswerProblem, SHIP_ANSWER_TEMPLATE } from './ship-answer';
export { shipResults } from './ship';
export { texts } from './texts';
