import type { QuizShowEvent } from '../../events';
import { evolveHealDeal } from './evolve/heal-deal';
import { evolveIdentity } from './evolve/identity';
import { evolveNight } from './evolve/night';
import { evolveProposals } from './evolve/proposals';
import { evolveQuizzes } from './evolve/quizzes';
import { evolveRating } from './evolve/rating';
import { evolveShow } from './evolve/show';
import { evolveTeams } from './evolve/teams';
import type { LiveState } from './state';

/**
 * What an event changes: either the complete next state (the hot paths build it field by field)
 * or only the top-level fields it touches, merged by evolve.
 */
function changesOf(state: LiveState, event: QuizShowEvent): LiveState | Partial<LiveState> {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserProfileUpdated':
    case 'UserPasswordChanged':
    case 'EmailPopupSeen':
    case 'LoginLinkCreated':
      return evolveIdentity(state, event);
    case 'TeamCreated':
    case 'TeamJoined':
    case 'TeamEdited':
    case 'TeamInviteCreated':
    case 'TeamDeleted':
      return evolveTeams(state, event);
    case 'QuizCreated':
    case 'QuizEdited':
    case 'TieBreakQuestionAdded':
      return evolveQuizzes(state, event);
    case 'NightStarted':
    case 'QuestionStarted':
    case 'CountdownStarted':
    case 'CountdownExpired':
    case 'QuestionEnded':
    case 'AnswersLockedIn':
    case 'LiveGameReset':
    case 'QuizzleAccepted':
    case 'QuizzleRejected':
      return evolveNight(state, event);
    case 'ProposalAdded':
    case 'ProposalDeleted':
    case 'FavoriteChosen':
    case 'StarToggled':
    case 'QuizzleOffered':
    case 'SingleAnswerSubmitted':
    case 'LobbyChatMessagePosted':
      return evolveProposals(state, event);
    case 'AnswerRated':
    case 'AnswersBulkRated':
    case 'CheckingStarted':
    case 'ShipQuestionCorrected':
      return evolveRating(state, event);
    case 'HealDealChosen':
    case 'HealDealCalculated':
    case 'HealDealSettingChanged':
      return evolveHealDeal(state, event);
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
      return evolveShow(state, event);
  }
}

/** The pure live reducer: never mutates `state`, never reads a clock. */
export function evolve(state: LiveState, event: QuizShowEvent): LiveState {
  const changes = changesOf(state, event);
  if (changes.version === state.version + 1) return changes as LiveState;
  return { ...state, ...changes, version: state.version + 1 };
}

export function fold(events: Iterable<QuizShowEvent>, from: LiveState): LiveState {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
}
