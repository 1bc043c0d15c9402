export * from './commands';
export { accessDenied, admit, boundaryOf, decide, decideInput, invalidTextRejection } from './decide';
export {
  appendConditionOf,
  isRejection,
  reject,
  type Accepted,
  type Boundary,
  type BoundaryPart,
  type Decision,
  type DecisionContext,
  type EventCause,
  type Rejection,
  type RejectionReason,
} from './decision';
export type { Access, CommandEntry, EdgeSecret, WireField } from './entry';
export { commandTable, entryOf, inputFromWire, isWireCommand, WIRE_COMMANDS, type EdgeVerdict } from './table';
export { normalizeContent, questionsFromRounds } from './quiz-content';
export { texts } from './texts';
export { CONSOLE_ACTOR } from './user-roles';
export { anyAdmin, FIRST_ADMIN_ROLES } from './identity';
