import type { DrawingEvent } from './drawing';
import type { FormEvent } from './forms';
import type { HealDealEvent } from './heal-deal';
import type { IdentityEvent } from './identity';
import type { ModerationEvent } from './moderation';
import type { ContentModerationEvent } from './content-moderation';
import type { OverlayEvent } from './overlay';
import type { NightEvent } from './night';
import type { ProposalEvent } from './proposals';
import type { QuizEvent } from './quizzes';
import type { RatingEvent } from './rating';
import type { ShipEvent } from './ship';
import type { ShowEvent } from './show';
import type { ShowSettingsEvent } from './show-settings';
import type { TeamEvent } from './teams';
import type { TieBreakEvent } from './tie-break';
import type { UploadEvent } from './uploads';

export * from './envelope';
export type * from './identity';
export type * from './teams';
export * from './quizzes';
export type * from './night';
export type * from './proposals';
export type * from './rating';
export type * from './heal-deal';
export type * from './ship';
export type * from './tie-break';
export * from './show';
export type * from './show-settings';
export type * from './uploads';
export type * from './forms';
export type * from './drawing';
export type * from './moderation';
export type * from './content-moderation';
export type * from './overlay';

/** Every event of the product, in its current version. */
export type QuizShowEvent =
  | IdentityEvent
  | TeamEvent
  | QuizEvent
  | NightEvent
  | ProposalEvent
  | RatingEvent
  | HealDealEvent
  | ShipEvent
  | TieBreakEvent
  | ShowEvent
  | ShowSettingsEvent
  | UploadEvent
  | FormEvent
  | DrawingEvent
  | ModerationEvent
  | ContentModerationEvent
  | OverlayEvent;

export type EventType = QuizShowEvent['type'];

export type EventOfType<T extends EventType> = Extract<QuizShowEvent, { type: T }>;

/** Current schema version of every event type; the compiler checks that none is missing. */
export const CURRENT_VERSION: { readonly [T in EventType]: EventOfType<T>['version'] } = {
  UserRegistered: 1,
  UserProfileUpdated: 1,
  UserPasswordChanged: 1,
  EmailPopupSeen: 1,
  LoginLinkCreated: 1,
  UserRolesChanged: 1,
  UserTokensRevoked: 1,
  UserBlocked: 1,
  UserErased: 1,
  PasswordResetLinkCreated: 1,
  UserEmailChanged: 1,
  TeamCreated: 3,
  TeamJoined: 1,
  TeamEdited: 1,
  TeamInviteCreated: 1,
  TeamDeleted: 1,
  TeamPasswordChanged: 1,
  TeamInvitesEnded: 1,
  TeamLeft: 1,
  TeamBarLifted: 1,
  QuizCreated: 1,
  QuizEdited: 1,
  NightStarted: 1,
  QuestionStarted: 1,
  CountdownStarted: 1,
  CountdownExpired: 1,
  QuestionEnded: 1,
  AnswersLockedIn: 2,
  LiveGameReset: 1,
  QuizzleAccepted: 1,
  QuizzleRejected: 1,
  ProposalAdded: 1,
  ProposalDeleted: 1,
  FavoriteChosen: 1,
  StarToggled: 1,
  QuizzleOffered: 1,
  SingleAnswerSubmitted: 1,
  LobbyChatMessagePosted: 2,
  AnswerRated: 1,
  AnswersBulkRated: 1,
  CheckingStarted: 1,
  HealDealChosen: 1,
  HealDealCalculated: 1,
  HealDealSettingChanged: 1,
  ShipQuestionCorrected: 1,
  TieBreakQuestionAdded: 1,
  OverviewMessageSet: 1,
  FeatureFlagsSet: 1,
  MaintenanceStarted: 1,
  MaintenanceEnded: 1,
  RegistrationsOpened: 1,
  RegistrationsClosed: 1,
  UberModeChanged: 1,
  UberMessageSet: 1,
  InstructionsShown: 1,
  PaintingStrokeDrawn: 1,
  PaintingCleared: 1,
  PointsPublished: 1,
  PointsUnpublished: 1,
  LiveStateReset: 1,
  ShowSettingsChanged: 1,
  UploadRecorded: 2,
  GreetingSubmitted: 1,
  DrawingSaved: 1,
  LobbyChatMessageHidden: 1,
  LobbyChatSlowModeSet: 1,
  LobbyChatOpenSet: 1,
  GreetingHidden: 1,
  UserMuted: 1,
  TeamMemberRemoved: 1,
  LobbyChatMessageRestored: 1,
  TeamRenamed: 1,
  UserRenamed: 1,
  TeamLogoCleared: 1,
  PictureHidden: 1,
  OverlayLinkCreated: 1,
  OverlayLinkRevoked: 1,
};

export const EVENT_TYPES = Object.keys(CURRENT_VERSION) as EventType[];

/** Streams per aggregate (ARCHITECTURE.md, rule 5). */
export const streams = {
  night: (nightId: string) => `night-${nightId}`,
  team: (teamId: string) => `team-${teamId}`,
  user: (userId: string) => `user-${userId}`,
  quiz: (quizId: string) => `quiz-${quizId}`,
  show: 'show',
} as const;
