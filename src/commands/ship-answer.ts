/** The ship round's answer format: one rule and its German texts, in projections/live/rules/ship-answer.ts. */
export {
  parseShipAnswer, SHIP_ANSWER_TEMPLATE, shipAnswerProblemText as shipAnswerProblem, type ShipAnswer,
} from '../../projections/live';
