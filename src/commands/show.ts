/** Show-wide settings (admin) and what the moderator puts on every screen. */
import { streams } from '../../events';
import { isQuestionOpen, pointsOverview, uberModeLocked, type LiveState } from '../../projections/live';
import type {
  ChangeUberMode, DrawStroke, PublishPoints, SetFeatureFlags, SetOverviewMessage, SetReconnectAt, SetUberMessage, UpdateStateSetting,
} from './commands';
import { accept, draft, isRejection, reject, type Verdict } from './decision';
import { requireQuiz } from './guards';
import { isAtStartOfQuiz } from './night';
import { texts } from './texts';

export function setOverviewMessage(_state: LiveState, { message }: SetOverviewMessage): Verdict {
  return accept(streams.show, draft('OverviewMessageSet', { message }));
}

export function setFeatureFlags(_state: LiveState, { flags }: SetFeatureFlags): Verdict {
  return accept(streams.show, draft('FeatureFlagsSet', { flags }));
}

/** ara: a recheck time above 0 turns maintenance on, 0 turns it off. The only command maintenance lets through. */
export function setReconnectAt(state: LiveState, { recheckAt }: SetReconnectAt): Verdict {
  if (recheckAt > 0) return accept(streams.show, draft('MaintenanceStarted', { recheckAt }));
  return state.show.recheckAt > 0 ? accept(streams.show, draft('MaintenanceEnded', {})) : accept(streams.show);
}

/** arr: the live game goes back to its initial values; users, teams, quizzes and answers stay. */
export function resetLiveState(state: LiveState): Verdict {
  return accept(streams.show, draft('LiveStateReset', { endedNightId: state.night?.id ?? null }));
}

/** asu: only the paths of the spec (the table's parser reads them). */
export function updateStateSetting(_state: LiveState, { setting }: UpdateStateSetting): Verdict {
  if (setting.kind === 'registrations') {
    return accept(streams.show, setting.allow ? draft('RegistrationsOpened', {}) : draft('RegistrationsClosed', {}));
  }
  const { setting: name, round, value } = setting;
  return accept(streams.show, draft('HealDealSettingChanged', { setting: name, round, value }));
}

/**
 * mum: a quiz mode can only be left while no question is open; the instruction mode only at the
 * start of the quiz.
 */
export function changeUberMode(state: LiveState, { modus }: ChangeUberMode): Verdict {
  const current = state.show.uberModus;
  if (modus === current) return accept(streams.show);
  if (uberModeLocked(current, isQuestionOpen(state))) return reject(texts.uberModeOnlyWithoutQuestion, 'precondition');
  if (modus === 'instruction' && !isAtStartOfQuiz(state)) return reject(texts.instructionsOnlyAtStart, 'precondition');
  return accept(streams.show, draft('UberModeChanged', { modus }));
}

export function setUberMessage(_state: LiveState, { message }: SetUberMessage): Verdict {
  return accept(streams.show, draft('UberMessageSet', { message }));
}

export function drawStroke(_state: LiveState, { url, color, startX, startY, endX, endY }: DrawStroke): Verdict {
  return accept(streams.show, draft('PaintingStrokeDrawn', { url, color, startX, startY, endX, endY }));
}

export function clearPainting(): Verdict {
  return accept(streams.show, draft('PaintingCleared', {}));
}

/**
 * mp: publish the ranking the server computes (pointsOverview, the one rule) of the named quiz or
 * else the night's quiz; or unpublish it.
 */
export function publishPoints(state: LiveState, { publish, quizId }: PublishPoints): Verdict {
  if (!publish) return accept(streams.show, draft('PointsUnpublished', {}));
  const id = quizId ?? state.night?.quizId ?? null;
  if (id === null) return reject(texts.noQuizToPublish, 'precondition');
  const quiz = requireQuiz(state, id);
  if (isRejection(quiz)) return quiz;
  return accept(streams.show, draft('PointsPublished', { quizId: id, points: pointsOverview(state, id) }));
}
