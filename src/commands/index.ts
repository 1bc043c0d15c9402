export * from './commands';
export { accessDenied, admit, boundaryOf, decide, decideInput, invalidTextRejection } from './decide';
export { appendConditionOf, isRejection, type Accepted, type Boundary, type BoundaryPart, type Decision, type DecisionContext, type Rejection, type RejectionReason } from './decision';
export { commandTable, entryOf, inputFromWire, isWireCommand, WIRE_COMMANDS, type Access, type CommandEntry, type EdgeVerdict, type WireField } from './table';
export { normalizeContent, questionsFromRounds } from './quiz-content';
export { texts } from './texts';
export { CONSOLE_ACTOR } from './user-roles';
