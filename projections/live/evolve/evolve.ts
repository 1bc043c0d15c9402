import type { QuizShowEvent } from '../../../events';
import { evolveContentModeration } from './content-moderation';
import { evolveDrawing } from './drawing';
import { evolveHealDeal } from './heal-deal';
import { evolveIdentity } from './identity';
import { evolveModeration } from './moderation';
import { evolveNight } from './night';
import { evolveOverlay } from './overlay';
import { evolveProposals } from './proposals';
import { evolveQuizzes } from './quizzes';
import { evolveRating } from './rating';
import { evolveShow } from './show';
import { evolveShowSettings } from './show-settings';
import { evolveTeams } from './teams';
import { NO_CHANGES, Writer, type Changes } from './writer';
import type { LiveState } from '../state/state';

/** What an event changes: the top-level fields it replaces, from the area evolver of its type. */
function changesOf(state: LiveState, event: QuizShowEvent, write: Writer): Changes {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserProfileUpdated':
    case 'UserPasswordChanged':
    case 'EmailPopupSeen':
    case 'LoginLinkCreated':
    case 'UserRolesChanged':
    case 'UserTokensRevoked':
    case 'UserBlocked':
    case 'UserErased':
    case 'PasswordResetLinkCreated':
    case 'UserEmailChanged':
      return evolveIdentity(state, event, write);
    case 'TeamCreated':
    case 'TeamJoined':
    case 'TeamEdited':
    case 'TeamInviteCreated':
    case 'TeamDeleted':
    case 'TeamPasswordChanged':
    case 'TeamInvitesEnded':
    case 'TeamLeft':
    case 'TeamBarLifted':
      return evolveTeams(state, event, write);
    case 'QuizCreated':
    case 'QuizEdited':
    case 'TieBreakQuestionAdded':
      return evolveQuizzes(state, event, write);
    case 'NightStarted':
    case 'QuestionStarted':
    case 'CountdownStarted':
    case 'CountdownExpired':
    case 'QuestionEnded':
    case 'AnswersLockedIn':
    case 'LiveGameReset':
    case 'QuizzleAccepted':
    case 'QuizzleRejected':
      return evolveNight(state, event, write);
    case 'ProposalAdded':
    case 'ProposalDeleted':
    case 'FavoriteChosen':
    case 'StarToggled':
    case 'QuizzleOffered':
    case 'SingleAnswerSubmitted':
    case 'LobbyChatMessagePosted':
      return evolveProposals(state, event, write);
    case 'AnswerRated':
    case 'AnswersBulkRated':
    case 'CheckingStarted':
    case 'ShipQuestionCorrected':
      return evolveRating(state, event, write);
    case 'HealDealChosen':
    case 'HealDealCalculated':
    case 'HealDealSettingChanged':
      return evolveHealDeal(state, event, write);
    case 'OverviewMessageSet':
    case 'FeatureFlagsSet':
    case 'MaintenanceStarted':
    case 'MaintenanceEnded':
    case 'RegistrationsOpened':
    case 'RegistrationsClosed':
    case 'UberModeChanged':
    case 'UberMessageSet':
    case 'InstructionsShown':
    case 'PaintingStrokeDrawn':
    case 'PaintingCleared':
    case 'PointsPublished':
    case 'PointsUnpublished':
    case 'LiveStateReset':
    case 'UploadRecorded':
    case 'GreetingSubmitted':
      return evolveShow(state, event, write);
    case 'DrawingSaved':
      return evolveDrawing(state, event, write);
    case 'ShowSettingsChanged':
      return evolveShowSettings(event);
    case 'LobbyChatMessageHidden':
    case 'GreetingHidden':
    case 'UserMuted':
    case 'TeamMemberRemoved':
    case 'LobbyChatSlowModeSet':
    case 'LobbyChatOpenSet':
      return evolveModeration(state, event, write);
    case 'LobbyChatMessageRestored':
    case 'TeamRenamed':
    case 'UserRenamed':
    case 'TeamLogoCleared':
    case 'PictureHidden':
      return evolveContentModeration(state, event, write);
    case 'OverlayLinkCreated':
    case 'OverlayLinkRevoked':
      return evolveOverlay(state, event, write);
  }
}

type MutableState = { -readonly [K in keyof LiveState]: LiveState[K] };

/**
 * A copy of the state to change. It lists every field in declaration order (never a spread), so all
 * states share one hidden class and the fold stays fast.
 */
function copyOf(s: LiveState): MutableState {
  return {
    version: s.version,
    questionSeq: s.questionSeq,
    show: s.show,
    users: s.users,
    userIdByLogin: s.userIdByLogin,
    teams: s.teams,
    plays: s.plays,
    teamIdByName: s.teamIdByName,
    teamIdByNumber: s.teamIdByNumber,
    lastTeamNumber: s.lastTeamNumber,
    quizzes: s.quizzes,
    answers: s.answers,
    invites: s.invites,
    loginLinks: s.loginLinks,
    passwordResetLinks: s.passwordResetLinks,
    nights: s.nights,
    night: s.night,
    healDeal: s.healDeal,
    checking: s.checking,
    greetings: s.greetings,
    uploadCount: s.uploadCount,
    showSettings: s.showSettings,
    overlayLinks: s.overlayLinks,
    hiddenPictures: s.hiddenPictures,
  };
}

/** Makes the changes of one event on a state nobody else has seen (Object.assign touches only the fields the event changed). */
function change(own: MutableState, changes: Changes): MutableState {
  if (changes !== NO_CHANGES) Object.assign(own, changes);
  own.version++;
  return own;
}

/** The pure live reducer: never mutates `state`, never reads a clock. */
export function evolve(state: LiveState, event: QuizShowEvent): LiveState {
  return change(copyOf(state), changesOf(state, event, new Writer()));
}

/**
 * evolve over many events. Equally pure for the caller: `from` is never changed. Inside, the states
 * between two events are seen by nobody, so the fold makes one new state for the first event and
 * changes that one in place for the others; its one writer likewise changes in place the maps and
 * team plays it made itself (see evolve/writer.ts): a batch of events touching 1,000 teams then
 * allocates and copies far less than evolve per event.
 */
export function fold(events: Iterable<QuizShowEvent>, from: LiveState): LiveState {
  const write = new Writer();
  let own: MutableState | null = null;
  for (const event of events) {
    const changes = changesOf(own ?? from, event, write);
    own = change(own ?? copyOf(from), changes);
  }
  return own ?? from;
}
