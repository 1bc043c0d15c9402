export * from './commands';
export { accessDenied, admit, decide, decideInput, invalidTextRejection } from './decide';
export { isRejection, type Decision, type DecisionContext, type Rejection } from './decision';
export { commandTable, entryOf, inputFromWire, isWireCommand, WIRE_COMMANDS, type Access, type CommandEntry, type EdgeVerdict, type WireField } from './table';
export { normalizeContent, questionsFromRounds } from './quiz-content';
export { texts } from './texts';
export { CONSOLE_ACTOR } from './user-roles';
