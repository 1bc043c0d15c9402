/**
 * Admin replay of a quiz night: pick a night (or open a recording), scrub its events, see any
 * viewer's screen, the events, the points and the audit at that position. The browser folds the
 * events with the same `evolve` as the server.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { QuizShowEvent } from '../../../events';
import { Panel } from '../operator/shared';
import { useAppSelector } from '../store';
import { t } from '../texts/replay';
import { buildAudit } from './audit';
import { AuditPanel } from './AuditPanel';
import { formatTime } from './describe';
import { EventList } from './EventList';
import type { NightListEntry } from '@wire/replies';
import { fetchNightLog, fetchNights, parseEventLog, type LoadedNight } from './load';
import { PointsPanel } from './PointsPanel';
import { ReplayControls } from './ReplayControls';
import { ReplayViews, ViewerSelect } from './ReplayViews';
import { buildTimeline, finalState, stateAt, timeAt, type Timeline } from './timeline';
import { currentReplayParams, storeReplayParams } from './url';
import { usePlayback } from './usePlayback';
import { GLOBAL_VIEWER, type ReplayViewer } from './viewers';

export type ReplayTab = 'views' | 'events' | 'points' | 'audit';
const TABS: readonly ReplayTab[] = ['views', 'events', 'points', 'audit'];

type NightsState = { status: 'loading' } | { status: 'loaded'; nights: NightListEntry[] } | { status: 'failed' };

function startedText(ms: number): string {
  return `${new Date(ms).toLocaleDateString('de-DE')} ${formatTime(ms).slice(0, 5)}`;
}

function NightPicker({
  initialNight,
  onLoaded,
}: {
  initialNight: string | null;
  onLoaded(log: LoadedNight, nightId: string | null): void;
}) {
  const token = useAppSelector((s) => s.session.token);
  const [nights, setNights] = useState<NightsState>({ status: 'loading' });
  const [nightId, setNightId] = useState(initialNight ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const fileId = useId();

  useEffect(() => {
    let current = true;
    fetchNights(token).then(
      (list) => current && setNights({ status: 'loaded', nights: list }),
      () => current && setNights({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const load = useCallback(
    async (id: string) => {
      if (!id) return;
      setBusy(true);
      setError(null);
      try {
        onLoaded(await fetchNightLog(id, token), id);
      } catch {
        setError(t.replay.loadFailed);
      } finally {
        setBusy(false);
      }
    },
    [onLoaded, token],
  );

  // A shared address (?night=…) opens that night at once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !initialNight) return;
    opened.current = true;
    void load(initialNight);
  }, [initialNight, load]);

  async function openFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    onLoaded({ ...parseEventLog(await file.text()), source: 'export' }, null);
  }

  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        void load(nightId);
      }}
    >
      <div className="field">
        <label htmlFor={selectId}>{t.replay.nightLabel}</label>
        <select
          id={selectId}
          value={nightId}
          onChange={(e) => setNightId(e.target.value)}
          disabled={nights.status !== 'loaded'}
        >
          <option value="">{t.replay.nightChoose}</option>
          {nights.status === 'loaded' &&
            nights.nights.map((n) => (
              <option key={n.id} value={n.id}>
                {t.replay.nightOption(n.id, n.quizName || n.quizId, startedText(n.startedAt))}
              </option>
            ))}
        </select>
      </div>
      <button type="submit" className="button button--primary" disabled={!nightId || busy}>
        {busy ? t.replay.loading : t.replay.load}
      </button>
      <div className="field">
        <label htmlFor={fileId}>{t.replay.openFile}</label>
        <input
          id={fileId}
          type="file"
          accept=".jsonl,.ndjson,application/x-ndjson,text/plain"
          onChange={(e) => void openFile(e)}
        />
      </div>
      {nights.status === 'failed' && (
        <p className="form-error" role="alert">
          {t.replay.nightsFailed}
        </p>
      )}
      {nights.status === 'loaded' && nights.nights.length === 0 && <p className="muted">{t.replay.noNights}</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function tabLabel(tab: ReplayTab): string {
  switch (tab) {
    case 'views':
      return t.replay.tabViews;
    case 'events':
      return t.replay.tabEvents;
    case 'points':
      return t.replay.tabPoints;
    case 'audit':
      return t.replay.tabAudit;
  }
}

export interface ReplayerProps {
  events: readonly QuizShowEvent[];
  initialPosition?: number;
  initialTab?: ReplayTab;
  initialViewer?: ReplayViewer;
}

/** The replay of a loaded log (also rendered alone by the tests). */
export function Replayer({
  events,
  initialPosition,
  initialTab = 'views',
  initialViewer = GLOBAL_VIEWER,
}: ReplayerProps) {
  const timeline: Timeline = useMemo(() => buildTimeline(events), [events]);
  const names = useMemo(() => finalState(timeline), [timeline]);
  const [position, setPositionRaw] = useState(() => Math.min(initialPosition ?? events.length, events.length));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(10);
  const [tab, setTab] = useState<ReplayTab>(initialTab);
  const [viewer, setViewer] = useState<ReplayViewer>(initialViewer);
  const [auditTeam, setAuditTeam] = useState<string | undefined>(undefined);
  const openAudit = useCallback((teamId: string) => {
    setAuditTeam(teamId);
    setTab('audit');
  }, []);
  const setPosition = useCallback(
    (p: number) => setPositionRaw(Math.max(0, Math.min(timeline.events.length, p))),
    [timeline],
  );
  usePlayback(timeline, position, playing, speed, setPosition, setPlaying);
  const state = useMemo(() => stateAt(timeline, position), [timeline, position]);
  const eventTime = timeAt(timeline, position);
  const audit = useMemo(
    () => (tab === 'audit' ? buildAudit(timeline.events, position) : null),
    [tab, timeline, position],
  );
  const tabsId = useId();
  useEffect(() => {
    if (!playing) storeReplayParams({ pos: position });
  }, [playing, position]);

  return (
    <div className="stack">
      <section className="card">
        <ReplayControls
          timeline={timeline}
          position={position}
          playing={playing}
          speed={speed}
          names={names}
          onPosition={setPosition}
          onPlaying={setPlaying}
          onSpeed={setSpeed}
        />
      </section>
      <div role="tablist" className="tabs" aria-label={t.replay.heading}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            className="tab"
            id={`${tabsId}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${tabsId}-panel`}
            onClick={() => setTab(key)}
          >
            {tabLabel(key)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="tabpanel">
        {tab === 'views' && (
          <div className="stack">
            <ViewerSelect state={names} value={viewer} onChange={setViewer} />
            <p className="muted">{t.replay.readOnly}</p>
            <ReplayViews state={state} viewer={viewer} eventTime={eventTime} playing={playing} />
          </div>
        )}
        {tab === 'events' && <EventList timeline={timeline} position={position} names={names} onJump={setPosition} />}
        {tab === 'points' && <PointsPanel state={state} onAudit={openAudit} />}
        {tab === 'audit' && audit && (
          <AuditPanel key={auditTeam ?? ''} audit={audit} names={names} initialTeam={auditTeam} />
        )}
      </div>
    </div>
  );
}

/** /admin/replay */
export function ReplayPage() {
  const [params] = useState(currentReplayParams);
  const [log, setLog] = useState<LoadedNight | null>(null);
  const [loads, setLoads] = useState(0);
  const loadCount = useRef(0);
  const onLoaded = useCallback(
    (loaded: LoadedNight, nightId: string | null) => {
      loadCount.current += 1;
      // The position of a shared address applies to the first load of its night only.
      if (loadCount.current > 1 || nightId !== params.night) storeReplayParams({ night: nightId, pos: null });
      setLog(loaded);
      setLoads(loadCount.current);
    },
    [params.night],
  );
  return (
    <div className="page operator replay">
      <h1>{t.replay.heading}</h1>
      <Panel title={t.replay.nightLabel}>
        <NightPicker initialNight={params.night} onLoaded={onLoaded} />
        {log?.source === 'events' && <p className="card card--warning">{t.replay.onlyNightStream}</p>}
        {log?.refusal && (
          <p className="form-error" role="alert">
            {log.refusal}
          </p>
        )}
        {log && log.problems.length > 0 && (
          <p className="form-error" role="alert">
            {t.replay.problems(log.problems.length)}
          </p>
        )}
      </Panel>
      {log &&
        (log.events.length === 0 ? (
          <p className="muted">{t.replay.noEvents}</p>
        ) : (
          <Replayer
            key={loads}
            events={log.events}
            initialPosition={loads === 1 && params.pos !== null ? params.pos : undefined}
          />
        ))}
    </div>
  );
}
