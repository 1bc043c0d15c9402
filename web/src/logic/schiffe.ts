/** Schiffe (ship-sinking round): the engine's answer format, checked before a proposal is sent. */
export {
  SHIP_ANSWER_TEMPLATE as SCHIFFE_DEFAULT_ANSWER, shipAnswerProblemOf as validateSchiffe, type ShipAnswerProblem as SchiffeError,
} from '../../../projections/live/ship-answer';
