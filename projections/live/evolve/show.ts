import type { FormEvent, ShowEvent, UploadEvent } from '../../../events';
import { PersistentMap } from '../state/persistent-map';
import { initialShow, RECENT_GREETINGS_LIMIT, type LiveState } from '../state/state';
import type { Changes, Writer } from './writer';
import { pointsCoverOf } from '../rules/points';

export function evolveShow(state: LiveState, event: ShowEvent | UploadEvent | FormEvent, write: Writer): Changes {
  const show = state.show;
  switch (event.type) {
    case 'OverviewMessageSet':
      return { show: { ...show, overviewMessage: event.data.message } };
    case 'FeatureFlagsSet':
      return { show: { ...show, featureFlags: event.data.flags } };
    case 'MaintenanceStarted':
      return { show: { ...show, recheckAt: event.data.recheckAt } };
    case 'MaintenanceEnded':
      return { show: { ...show, recheckAt: 0 } };
    case 'RegistrationsOpened':
      return { show: { ...show, allowNewRegistrations: true } };
    case 'RegistrationsClosed':
      return { show: { ...show, allowNewRegistrations: false } };
    case 'UberModeChanged':
      return { show: { ...show, uberModus: event.data.modus } };
    case 'UberMessageSet':
      return { show: { ...show, uberMessage: event.data.message } };
    case 'InstructionsShown':
      return { show: { ...show, uberModus: 'instruction' } };
    case 'PaintingStrokeDrawn':
      return { show: { ...show, painting: [...show.painting, event.data] } };
    case 'PaintingCleared':
      return { show: { ...show, painting: [] } };
    case 'PointsPublished':
      return {
        show: {
          ...show,
          points: event.data.points,
          pointsCover: pointsCoverOf(state, event.data.quizId, event.data.points),
        },
      };
    case 'PointsUnpublished':
      return { show: { ...show, points: null, pointsCover: null } };
    case 'LiveStateReset': {
      const at = event.metadata.recordedAt;
      const ended = event.data.endedNightId;
      return {
        questionSeq: state.questionSeq + 1,
        night: null,
        nights: ended ? write.update(state.nights, ended, (n) => ({ ...n, endedAt: at })) : state.nights,
        show: {
          ...initialShow,
          overviewMessage: show.overviewMessage,
          featureFlags: show.featureFlags,
          allowNewRegistrations: show.allowNewRegistrations,
          recheckAt: show.recheckAt,
          recentGreetings: show.recentGreetings,
        },
        healDeal: {
          settings: state.healDeal.settings,
          current: PersistentMap.empty(),
          choices: PersistentMap.empty(),
          pending: PersistentMap.empty(),
          calculatedRounds: [],
        },
        checking: PersistentMap.empty(),
      };
    }
    case 'UploadRecorded':
      return { uploadCount: state.uploadCount + 1 };
    case 'GreetingSubmitted': {
      const { greetingId, name, message } = event.data;
      const recent = state.show.recentGreetings;
      const kept = recent.length >= RECENT_GREETINGS_LIMIT ? recent.slice(1) : recent;
      return {
        greetings: write.set(state.greetings, greetingId, { hidden: false }),
        show: { ...state.show, recentGreetings: [...kept, { id: greetingId, name, message }] },
      };
    }
  }
}
