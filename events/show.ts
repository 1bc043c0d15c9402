import type { EventEnvelope } from './envelope';

export const UBER_MODES = ['quiz', 'quiz-single', 'instruction', 'pre', 'post', 'pause', 'painting'] as const;
export type UberMode = (typeof UBER_MODES)[number];

export type OverviewMessageSet = EventEnvelope<'OverviewMessageSet', 1, { message: string }>;
/** Feature flags are kept as the admin's text (saving only valid JSON is unfinished in the spec). */
export type FeatureFlagsSet = EventEnvelope<'FeatureFlagsSet', 1, { flags: string }>;
export type MaintenanceStarted = EventEnvelope<'MaintenanceStarted', 1, { recheckAt: number }>;
export type MaintenanceEnded = EventEnvelope<'MaintenanceEnded', 1, Record<string, never>>;
export type RegistrationsOpened = EventEnvelope<'RegistrationsOpened', 1, Record<string, never>>;
export type RegistrationsClosed = EventEnvelope<'RegistrationsClosed', 1, Record<string, never>>;
export type UberModeChanged = EventEnvelope<'UberModeChanged', 1, { modus: UberMode }>;
export type UberMessageSet = EventEnvelope<'UberMessageSet', 1, { message: string }>;
export type InstructionsShown = EventEnvelope<'InstructionsShown', 1, Record<string, never>>;

export interface Stroke {
  url: string;
  color: string;
  startX: number;
  startY: number;
  endX: number;
  endY: number;
}
export type PaintingStrokeDrawn = EventEnvelope<'PaintingStrokeDrawn', 1, Stroke>;
export type PaintingCleared = EventEnvelope<'PaintingCleared', 1, Record<string, never>>;

export interface PointsRow {
  teamId: string | null;
  name: string;
  /** Points per round, index 0 = round 1. */
  rounds: number[];
  total: number;
  rank: number;
  /** Image place: 1 to 3, anything else 4. */
  place: number;
}
export interface PointsTable {
  rounds: number[];
  sortedTeams: PointsRow[];
}
export type PointsPublished = EventEnvelope<'PointsPublished', 1, { quizId: string | null; points: PointsTable }>;
export type PointsUnpublished = EventEnvelope<'PointsUnpublished', 1, Record<string, never>>;

/** arr: the live game goes back to its initial values (see docs/decisions/engine.md, "Reset"). */
export type LiveStateReset = EventEnvelope<'LiveStateReset', 1, { endedNightId: string | null }>;

export type ShowEvent =
  | OverviewMessageSet
  | FeatureFlagsSet
  | MaintenanceStarted
  | MaintenanceEnded
  | RegistrationsOpened
  | RegistrationsClosed
  | UberModeChanged
  | UberMessageSet
  | InstructionsShown
  | PaintingStrokeDrawn
  | PaintingCleared
  | PointsPublished
  | PointsUnpublished
  | LiveStateReset;
