/**
 * The streams each event type is appended to (ARCHITECTURE.md rule 5): the deciders in src/commands
 * keep to it (test/support/world.ts checks every event a test appends) and docs/events.md lists it.
 */
import type { EventType } from './index';

export type StreamKind = 'night' | 'team' | 'user' | 'quiz' | 'show';

type Kinds = readonly [StreamKind, ...StreamKind[]];

/** Where each event type goes; a type with two kinds names the usual one first. */
export const STREAM_OF: { readonly [T in EventType]: Kinds } = {
  UserRegistered: ['user'],
  UserProfileUpdated: ['user'],
  UserPasswordChanged: ['user'],
  EmailPopupSeen: ['user'],
  LoginLinkCreated: ['user'],
  UserRolesChanged: ['user'],
  UserTokensRevoked: ['user'],
  UserBlocked: ['user'],
  UserErased: ['user'],
  PasswordResetLinkCreated: ['user'],
  UserEmailChanged: ['user'],
  TeamCreated: ['team'],
  TeamJoined: ['team'],
  TeamEdited: ['team'],
  TeamInviteCreated: ['team'],
  TeamDeleted: ['team'],
  QuizCreated: ['quiz'],
  QuizEdited: ['quiz'],
  NightStarted: ['night'],
  QuestionStarted: ['night'],
  CountdownStarted: ['night'],
  CountdownExpired: ['night'],
  QuestionEnded: ['night'],
  AnswersLockedIn: ['night'],
  LiveGameReset: ['night'],
  QuizzleAccepted: ['night'],
  QuizzleRejected: ['night'],
  // A team's chat outside a night goes to the team's stream.
  ProposalAdded: ['night', 'team'],
  ProposalDeleted: ['night', 'team'],
  FavoriteChosen: ['night'],
  StarToggled: ['night'],
  QuizzleOffered: ['night'],
  SingleAnswerSubmitted: ['night'],
  LobbyChatMessagePosted: ['show'],
  AnswerRated: ['night'],
  AnswersBulkRated: ['night'],
  CheckingStarted: ['quiz'],
  HealDealChosen: ['night'],
  // Settled outside a night (no night has started yet) it goes to the show's stream.
  HealDealCalculated: ['night', 'show'],
  HealDealSettingChanged: ['show'],
  ShipQuestionCorrected: ['night'],
  TieBreakQuestionAdded: ['quiz'],
  OverviewMessageSet: ['show'],
  FeatureFlagsSet: ['show'],
  MaintenanceStarted: ['show'],
  MaintenanceEnded: ['show'],
  RegistrationsOpened: ['show'],
  RegistrationsClosed: ['show'],
  UberModeChanged: ['show'],
  UberMessageSet: ['show'],
  InstructionsShown: ['show'],
  PaintingStrokeDrawn: ['show'],
  PaintingCleared: ['show'],
  PointsPublished: ['show'],
  PointsUnpublished: ['show'],
  LiveStateReset: ['show'],
  ShowSettingsChanged: ['show'],
  // A team's upload goes to the team's stream, a user's own (kind user, or no team) to the user's.
  UploadRecorded: ['team', 'user'],
  GreetingSubmitted: ['show'],
  DrawingSaved: ['night'],
  LobbyChatMessageHidden: ['show'],
  LobbyChatSlowModeSet: ['show'],
  LobbyChatOpenSet: ['show'],
  GreetingHidden: ['show'],
  UserMuted: ['user'],
  TeamMemberRemoved: ['team'],
  LobbyChatMessageRestored: ['show'],
  TeamRenamed: ['team'],
  UserRenamed: ['user'],
  TeamLogoCleared: ['team'],
  PictureHidden: ['show'],
  TeamPasswordChanged: ['team'],
  TeamInvitesEnded: ['team'],
  TeamLeft: ['team'],
  TeamBarLifted: ['team'],
  OverlayLinkCreated: ['show'],
  OverlayLinkRevoked: ['show'],
};

/** The kind of a stream id (`night-…`, `team-…`, `user-…`, `quiz-…`, `show`), or null for another stream. */
export function streamKindOf(streamId: string): StreamKind | null {
  if (streamId === 'show') return 'show';
  const kind = streamId.slice(0, streamId.indexOf('-'));
  return kind === 'night' || kind === 'team' || kind === 'user' || kind === 'quiz' ? kind : null;
}

/** True when an event of this type belongs in that stream. */
export function belongsInStream(type: EventType, streamId: string): boolean {
  const kind = streamKindOf(streamId);
  return kind !== null && STREAM_OF[type].includes(kind);
}
