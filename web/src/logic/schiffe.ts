/** Schiffe (ship-sinking round): the engine's answer format and its texts, checked before a proposal is sent. */
export {
  SHIP_ANSWER_TEMPLATE as SCHIFFE_DEFAULT_ANSWER, SHIP_ANSWER_TEXTS as SCHIFFE_TEXTS, shipAnswerProblemText as schiffeProblemText,
} from '@engine/rules/ship-answer';
