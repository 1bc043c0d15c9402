import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { DEFAULT_TIE_BREAK_TITLE, TIE_BREAK_SOLUTION_MAX_LENGTH } from '@live/rules/tie-break';
import { getAbout } from '../../api/about';
import { deleteTeam } from '../../api/operator';
import { Field, TextAreaField } from '../../components/Field';
import { wholeNumberOr } from '../../logic/quiz';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';
import { selectOperatorTeams } from '../operatorLists';
import { ResultDownloads } from '../ResultDownloads';
import { Panel, useCommand, useNotify } from '../shared';
import { HealDealPanel } from './HealDealPanel';
import { JoinTeamPanel, LoginUserPanel } from './LinkPanels';
import { OverlayLinksPanel } from './OverlayLinksPanel';
import { ShowSettingsPanel } from './ShowSettingsPanel';
import { ADD_SECONDS_MS, flagsText, isValidJson, isoOf } from './logic';
import { FIELD_MAXIMA } from '@live/rules/field-limits';

/** Quiz, round and question inputs with their defaults; the action gets the parsed numbers. */
function PositionPanel({
  title,
  defaults,
  button,
  onSubmit,
  children,
}: {
  title: string;
  defaults: [number, number, number];
  button: string;
  onSubmit(position: { quiz: number; round: number; question: number }): void;
  children?: ReactNode;
}) {
  const [quiz, setQuiz] = useState(String(defaults[0]));
  const [round, setRound] = useState(String(defaults[1]));
  const [question, setQuestion] = useState(String(defaults[2]));
  return (
    <Panel title={title}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit({
            quiz: wholeNumberOr(quiz, defaults[0]),
            round: wholeNumberOr(round, defaults[1]),
            question: wholeNumberOr(question, defaults[2]),
          });
        }}
      >
        <div className="inline-form">
          <Field label={t.operator.quiz} type="number" value={quiz} onValue={setQuiz} />
          <Field label={t.operator.round} type="number" value={round} onValue={setRound} />
          <Field label={t.operator.question} type="number" value={question} onValue={setQuestion} />
        </div>
        {children}
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {button}
          </button>
        </div>
      </form>
    </Panel>
  );
}

/** Check ping: kept from the original, which only alerted; it sends nothing. */
function CheckPingPanel() {
  const notify = useNotify();
  return (
    <PositionPanel
      title={t.admin.checkPingHeading}
      defaults={[283, 3, 1]}
      button={t.admin.checkPing}
      onSubmit={() => notify(t.admin.checkPingAlert, 'info')}
    />
  );
}

/** Alle Teams löschen: after the confirm prompt, DELETE every team one by one (the list is the live operator view). */
function DeleteTeamsPanel() {
  const teams = useAppSelector(selectOperatorTeams);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function deleteAll() {
    if (!window.confirm(t.admin.deleteTeamsConfirm)) return;
    setBusy(true);
    let deleted = 0;
    // The teams as they were when confirmed: the live list shrinks with every deletion.
    const confirmed = [...teams];
    for (const team of confirmed) {
      try {
        await deleteTeam(team.id);
        deleted += 1;
      } catch {
        /* counted below */
      }
    }
    setBusy(false);
    notify(
      t.admin.deleteTeamsDone(deleted, confirmed.length - deleted),
      deleted === confirmed.length ? 'success' : 'error',
    );
  }
  return (
    <Panel title={t.admin.deleteTeamsHeading}>
      <p className="muted">{t.admin.deleteTeamsCount(teams.length)}</p>
      <button
        type="button"
        className="button button--danger"
        disabled={busy || teams.length === 0}
        onClick={() => void deleteAll()}
      >
        {t.admin.deleteTeams}
      </button>
    </Panel>
  );
}

/** A text setting with the value now on the server and Speichern. */
function TextSettingPanel({
  title,
  label,
  current,
  hint,
  maxLength,
  onSave,
}: {
  title: string;
  label: string;
  current: string;
  hint?: string;
  maxLength: number;
  onSave(text: string): void;
}) {
  const [text, setText] = useState(current);
  return (
    <Panel title={title}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(text);
        }}
      >
        <TextAreaField
          label={label}
          value={text}
          onValue={setText}
          rows={4}
          className="code"
          hint={hint}
          maxLength={maxLength}
        />
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t.admin.save}
          </button>
        </div>
      </form>
      <h3>{t.admin.serverValue}</h3>
      <pre className="server-value">{current || '–'}</pre>
    </Panel>
  );
}

function FeatureFlagsPanel() {
  const flags = useAppSelector((s) => flagsText(selectGlobal(s)?.featureFlags));
  const send = useCommand();
  const notify = useNotify();
  return (
    <TextSettingPanel
      title={t.admin.flagsHeading}
      label={t.admin.flags}
      current={flags}
      hint={t.admin.flagsHint}
      maxLength={FIELD_MAXIMA.featureFlags}
      onSave={(text) =>
        isValidJson(text) ? void send('aff', { flags: text }, t.operator.done) : notify(t.admin.flagsInvalid)
      }
    />
  );
}

function MessagePanel() {
  const message = useAppSelector((s) => selectGlobal(s)?.overviewMessage ?? '');
  const send = useCommand();
  return (
    <TextSettingPanel
      title={t.admin.messageHeading}
      label={t.admin.message}
      current={message}
      maxLength={FIELD_MAXIMA.overviewMessage}
      onSave={(text) => void send('ao', { message: text }, t.operator.done)}
    />
  );
}

/** Maintenance: recheck time (epoch ms, default now), ara on and off, arr. */
function MaintenancePanel() {
  const send = useCommand();
  const [recheckAt, setRecheckAt] = useState(() => String(Date.now()));
  const value = wholeNumberOr(recheckAt, 0);
  return (
    <Panel title={t.admin.maintenanceHeading}>
      <Field label={t.admin.recheckAt} type="number" value={recheckAt} onValue={setRecheckAt} hint={isoOf(value)} />
      <div className="button-row">
        <button type="button" className="button button--small" onClick={() => setRecheckAt(String(Date.now()))}>
          {t.admin.setNow}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => setRecheckAt(String(value + ADD_SECONDS_MS))}
        >
          {t.admin.add60}
        </button>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void send('ara', { recheckAt: value }, t.operator.done)}
        >
          {t.admin.sendMaintenance}
        </button>
        <button type="button" className="button" onClick={() => void send('ara', { recheckAt: 0 }, t.operator.done)}>
          {t.admin.disableMaintenance}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => window.confirm(t.admin.resetConfirm) && void send('arr', {}, t.operator.done)}
        >
          {t.admin.resetRedis}
        </button>
      </div>
    </Panel>
  );
}

function SchiffePanel() {
  const send = useCommand();
  return (
    <PositionPanel
      title={t.admin.schiffeHeading}
      defaults={[2, 1, 4]}
      button={t.admin.schiffeCorrect}
      onSubmit={(p) => void send('asv', p, t.operator.done)}
    />
  );
}

function StechenPanel() {
  const send = useCommand();
  const [title, setTitle] = useState(DEFAULT_TIE_BREAK_TITLE);
  const [text, setText] = useState('');
  const [solution, setSolution] = useState('');
  return (
    <PositionPanel
      title={t.admin.stechenHeading}
      defaults={[283, 3, 1]}
      button={t.admin.stechenCreate}
      onSubmit={(p) => void send('aas', { ...p, title, text, solution }, t.operator.done)}
    >
      <Field label={t.admin.title} value={title} onValue={setTitle} />
      <TextAreaField label={t.admin.text} value={text} onValue={setText} rows={3} />
      <Field
        label={t.admin.stechenSolution}
        value={solution}
        onValue={setSolution}
        maxLength={TIE_BREAK_SOLUTION_MAX_LENGTH}
      />
    </PositionPanel>
  );
}

/** The results of any quiz as spreadsheets (answers.csv, points.csv, stats.csv); the running quiz by default. */
function ResultsPanel() {
  const currentQuiz = useAppSelector((s) => s.live.views.moderator?.currentQuiz ?? null);
  const [quizId, setQuizId] = useState(currentQuiz === null ? '1' : String(currentQuiz));
  return (
    <Panel title={t.results.heading}>
      <p className="muted">{t.results.intro}</p>
      <Field label={t.results.quizId} value={quizId} onValue={setQuizId} inputMode="numeric" />
      <ResultDownloads quizId={quizId.trim()} />
    </Panel>
  );
}

/** The release the server runs (GET /api/about): after an upgrade, what operators compare with CHANGELOG.md. */
function useServerVersion(): string | null {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    getAbout().then(
      (about) => current && setVersion(about.version),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return version;
}

/** Admin: every tool panel of the spec. */
export function AdminPage() {
  const serverVersion = useServerVersion();
  return (
    <div className="page operator">
      <header className="section-head">
        <h1>{t.admin.heading}</h1>
        <span className="badge">
          {t.admin.version} {serverVersion ?? t.app.version}
        </span>
        <Link href="/admin/users" className="button button--small">
          {t.userRoles.link}
        </Link>
      </header>
      <p className="muted">
        {t.admin.intro} {t.admin.stateNote}
      </p>
      <div className="operator-grid">
        <MaintenancePanel />
        <MessagePanel />
        <FeatureFlagsPanel />
        <HealDealPanel />
        <JoinTeamPanel />
        <LoginUserPanel />
        <SchiffePanel />
        <StechenPanel />
        <CheckPingPanel />
        <DeleteTeamsPanel />
        <ResultsPanel />
        <OverlayLinksPanel />
        <ShowSettingsPanel />
      </div>
    </div>
  );
}
