import type { EventEnvelope } from './envelope';

export interface ShipResult {
  answerId: string;
  teamId: string | null;
  /** null when the answer did not follow the two-line format. */
  lager: string | null;
  pluendern: string | null;
  /** Other teams' camps this team plundered. */
  hits: number;
  /** No other team plundered this team's camp. */
  survived: boolean;
  points: number;
}

export type ShipQuestionCorrected = EventEnvelope<
  'ShipQuestionCorrected',
  1,
  {
    quizId: string;
    round: number;
    number: number;
    results: ShipResult[];
  }
>;

export type ShipEvent = ShipQuestionCorrected;
