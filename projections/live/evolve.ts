import type { QuizShowEvent } from '../../events';
import { evolveHealDeal } from './evolve/heal-deal';
import { evolveIdentity } from './evolve/identity';
import { evolveNight } from './evolve/night';
import { evolveProposals } from './evolve/proposals';
import { evolveQuizzes } from './evolve/quizzes';
import { evolveRating } from './evolve/rating';
import { evolveShow } from './evolve/show';
import { evolveTeams } from './evolve/teams';
import type { Owner } from './persistent-map';
import type { LiveState } from './state';

/**
 * What an event changes: either the complete next state (the hot paths build it field by field)
 * or only the top-level fields it touches, merged by evolve.
 */
function changesOf(state: LiveState, event: QuizShowEvent, owner: Owner | null): LiveState | Partial<LiveState> {
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
      return evolveNight(state, event, owner);
    case 'ProposalAdded':
    case 'ProposalDeleted':
    case 'FavoriteChosen':
    case 'StarToggled':
    case 'QuizzleOffered':
    case 'SingleAnswerSubmitted':
    case 'LobbyChatMessagePosted':
      return evolveProposals(state, event, owner);
    case 'AnswerRated':
    case 'AnswersBulkRated':
    case 'CheckingStarted':
    case 'ShipQuestionCorrected':
      return evolveRating(state, event, owner);
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

/** `owner`: the token of the fold that made `state` and may change it in place; null in evolve. */
function step(state: LiveState, event: QuizShowEvent, owner: Owner | null): LiveState {
  const version = state.version + 1;
  const changes = changesOf(state, event, owner);
  if (changes.version === version) return changes as LiveState;
  return { ...state, ...changes, version };
}

/** The pure live reducer: never mutates `state`, never reads a clock. */
export function evolve(state: LiveState, event: QuizShowEvent): LiveState {
  return step(state, event, null);
}

/**
 * evolve over many events. Equally pure for the caller: `from` is never changed. Inside, the states
 * between two events are seen by nobody, so from the second event on the fold updates the state it
 * made itself, and the map nodes it created, in place (transient updates, see persistent-map.ts):
 * a batch of events touching 1,000 teams then allocates and copies far less than evolve per event.
 */
export function fold(events: Iterable<QuizShowEvent>, from: LiveState): LiveState {
  const owner: Owner = {};
  let state = from;
  let own: Owner | null = null;
  for (const event of events) {
    state = step(state, event, own);
    own = owner;
  }
  return state;
}
