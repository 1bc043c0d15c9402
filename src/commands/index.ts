export * from './commands';
export { accessDenied, admit, decide, decideInput, invalidTextRejection } from './decide';
export { isRejection, type Accepted, type Boundary, type Decision, type DecisionContext, type Rejection, type RejectionReason } from './decision';
export { commandTable, entryOf, inputFromWire, isWireCommand, WIRE_COMMANDS, type Access, type CommandEntry, type EdgeVerdict, type WireField } from './table';
export { nextQuestionPosition } from '../../projections/live';
export { normalizeContent, normalizeQuestion, questionsFromRounds } from './quiz-content';
export { parseShipAnswer, shipAnswerProblem, SHIP_ANSWER_TEMPLATE } from './ship-answer';
export { shipResults } from './ship';
export { texts } from './texts';
