/**
 * The views at a position rendered with the real player and moderator components. They read a
 * store of their own (built from the replayed views), never the live store, and sit in an inert
 * container: nothing in the replay can send a command.
 */
import { useEffect, useId, useMemo } from 'react';
import { Provider } from 'react-redux';
import type { LiveState } from '@live';
import { CurrentQuestionPanel } from '../operator/moderator/CurrentQuestionPanel';
import { FavouritesPanel } from '../operator/moderator/FavouritesPanel';
import { PaintingPanel, UberPanel } from '../operator/moderator/UberPanel';
import { QuizWrapper } from '../player/QuizWrapper';
import { TeamDisplay } from '../player/TeamDisplay';
import { UberView } from '../player/UberView';
import { createAppStore, type AppStore } from '../store';
import { liveActions } from '../store/liveSlice';
import { sessionActions } from '../store/sessionSlice';
import type { Views } from '../realtime/views';
import { t } from '../texts/replay';
import { teamRecords, viewerChoices, viewerKey, viewsFor, parseViewerKey, type ReplayViewer } from './viewers';

/**
 * The clock offset that keeps a paused countdown at its value at `eventTime`. The countdown box
 * reads the clock once a second, so the offset is set for the whole coming second: the shown
 * seconds stay those at the event time, whenever the box reads.
 */
export function pausedOffset(endsAt: number | null, eventTime: number, now: number): number {
  if (endsAt === null) return eventTime - now;
  const left = endsAt - eventTime;
  if (left <= 0) return eventTime - now + 1000;
  const seconds = Math.ceil(left / 1000);
  return endsAt - now - (1000 * (seconds - 1) + 1);
}

/** Playing, the countdown runs from the event time; paused, it stands at its value then. */
function offsetFor(views: Views, eventTime: number | null, now: number, playing: boolean): number {
  if (eventTime === null) return 0;
  return playing ? eventTime - now : pausedOffset(views.global?.countdownEndsAt ?? null, eventTime, now);
}

/** A store holding exactly what the viewer saw at `state`; the countdown counts from the event time. */
export function buildReplayStore(
  state: LiveState,
  viewer: ReplayViewer,
  eventTime: number | null,
  now = Date.now(),
  playing = false,
): AppStore {
  const store = createAppStore();
  const views = viewsFor(state, viewer);
  const userId = viewer.kind === 'player' ? viewer.userId : '';
  store.dispatch(
    sessionActions.loggedIn({
      token: 'replay',
      payload: { id: userId, exp: Number.MAX_SAFE_INTEGER, perm: viewer.kind === 'moderator' ? ['moderator'] : [] },
    }),
  );
  store.dispatch(sessionActions.teamsLoaded(teamRecords(state)));
  store.dispatch(liveActions.snapshotLoaded({ views, serverOffsetMs: offsetFor(views, eventTime, now, playing) }));
  return store;
}

function ModeratorScreen({ state }: { state: LiveState }) {
  const quizId = state.night?.quizId ?? null;
  const quiz = quizId ? state.quizzes.get(quizId) : undefined;
  return (
    <div className="operator-grid">
      <CurrentQuestionPanel
        quiz={quiz ? { id: quiz.id, name: quiz.name, yearWeek: quiz.yearWeek, content: [...quiz.content] } : null}
        quizProblem={null}
        quizInput={quizId ?? ''}
        onQuizInput={() => undefined}
      />
      <FavouritesPanel />
      <UberPanel />
      <PaintingPanel />
    </div>
  );
}

function PlayerScreen({ withTeam }: { withTeam: boolean }) {
  if (!withTeam) return <UberView />;
  return (
    <div className="quiz-layout">
      <div className="quiz-layout__main">
        <QuizWrapper />
      </div>
      <div className="quiz-layout__side">
        <TeamDisplay />
      </div>
    </div>
  );
}

export function ViewerSelect({
  state,
  value,
  onChange,
}: {
  state: LiveState;
  value: ReplayViewer;
  onChange(viewer: ReplayViewer): void;
}) {
  const id = useId();
  const choices = useMemo(() => viewerChoices(state), [state]);
  return (
    <div className="field">
      <label htmlFor={id}>{t.replay.viewer}</label>
      <select id={id} value={viewerKey(value)} onChange={(e) => onChange(parseViewerKey(e.target.value))}>
        <option value="global">{t.replay.viewerGlobal}</option>
        <option value="moderator">{t.replay.viewerModerator}</option>
        <optgroup label={t.replay.teamsGroup}>
          {choices.teams.map((team) => (
            <option key={team.id} value={`team:${team.id}`}>
              {t.replay.viewerTeam(team.name)}
            </option>
          ))}
        </optgroup>
        <optgroup label={t.replay.playersGroup}>
          {choices.players.map((p) => (
            <option key={p.id} value={`player:${p.id}`}>
              {t.replay.viewerPlayer(p.name, p.team)}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}

/** The screen of `viewer` at `state`. */
export function ReplayViews({
  state,
  viewer,
  eventTime,
  playing = false,
}: {
  state: LiveState;
  viewer: ReplayViewer;
  eventTime: number | null;
  playing?: boolean;
}) {
  const store = useMemo(
    () => buildReplayStore(state, viewer, eventTime, Date.now(), playing),
    [state, viewer, eventTime, playing],
  );
  // Paused, the replayed clock stands still at the event time (the countdown does not run on).
  useEffect(() => {
    if (playing || eventTime === null) return;
    const timer = setInterval(() => {
      const { views } = store.getState().live;
      const serverOffsetMs = pausedOffset(views.global?.countdownEndsAt ?? null, eventTime, Date.now());
      store.dispatch(liveActions.snapshotLoaded({ views, serverOffsetMs }));
    }, 200);
    return () => clearInterval(timer);
  }, [store, playing, eventTime]);
  const withTeam = Boolean(store.getState().live.views.team?.name);
  return (
    <div className="replay-screen" inert aria-label={t.replay.readOnly}>
      <Provider store={store}>
        <div key={viewerKey(viewer)}>
          {viewer.kind === 'moderator' ? <ModeratorScreen state={state} /> : <PlayerScreen withTeam={withTeam} />}
        </div>
      </Provider>
    </div>
  );
}
