import { useId, useMemo, useState } from 'react';
import type { TeamRecord } from '../api/http';
import { LobbyChat } from '../components/LobbyChat';
import { FUSION_TEAM_PASSWORD, isFusionTeam } from '@live/rules/fusion-teams';
import { LETTER_RANGES, filterTeams, fusionTeams, type LetterRange } from '../logic/teamSearch';
import { useAppSelector } from '../store';
import { specialMode, t } from '../texts';
import { CreateTeamDialog, JoinTeamDialog } from './TeamDialogs';
import { useImageUrl } from './useTeam';
import { UploadedImage } from '../components/UploadedImage';

type Mode = { kind: 'overview' } | { kind: 'creating' } | { kind: 'joining'; team: TeamRecord };

function TeamRow({ team, onJoin }: { team: TeamRecord; onJoin(): void }) {
  const imageUrl = useImageUrl();
  return (
    <li className="team-row">
      {team.url ? (
        <UploadedImage className="avatar" src={imageUrl(team.url)} alt={t.findTeam.avatarAlt(team.name)} />
      ) : (
        <span className="avatar avatar--empty" aria-hidden="true">
          {team.name.charAt(0)}
        </span>
      )}
      <span className="team-row__text">
        <strong>{team.name}</strong>
        {team.stadt && <small className="muted">{team.stadt}</small>}
      </span>
      <button
        type="button"
        className="button button--small"
        onClick={onJoin}
        aria-label={`${t.findTeam.join}: ${team.name}`}
      >
        {t.findTeam.join}
      </button>
    </li>
  );
}

interface FindTeamProps {
  /** Joins with id and password (gj); "(none)" for fusion teams; failureText replaces the join failure alert. */
  join(id: string, password: string, failureText?: string): Promise<boolean>;
  onBack?(): void;
}

/** Find a team: search, letter ranges, show-all, fusion section with lobby chat, create and join dialogs. */
export function FindTeam({ join, onBack }: FindTeamProps) {
  const teams = useAppSelector((s) => s.session.teams);
  const registrationsOpen = useAppSelector((s) => s.live.views.global?.allowNewRegistrations ?? true);
  const [filter, setFilter] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [range, setRange] = useState<LetterRange | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'overview' });
  const searchId = useId();
  const showAllId = useId();

  const regular = useMemo(() => teams.filter((team) => !isFusionTeam(team.name)), [teams]);
  const listed = useMemo(
    () => filterTeams(specialMode ? teams : regular, { filter, showAll, range }),
    [teams, regular, filter, showAll, range],
  );
  const fusion = useMemo(() => fusionTeams(teams, specialMode), [teams]);

  async function choose(team: TeamRecord) {
    if (isFusionTeam(team.name)) await join(team.id, FUSION_TEAM_PASSWORD);
    else setMode({ kind: 'joining', team });
  }

  return (
    <section className="card find-team" aria-labelledby="find-team-heading">
      <div className="section-head">
        <h2 id="find-team-heading">{t.findTeam.heading}</h2>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => setMode({ kind: 'creating' })}>
            {t.findTeam.createNew}
          </button>
          {onBack && (
            <button type="button" className="button" onClick={onBack}>
              {t.findTeam.backToTeam}
            </button>
          )}
        </div>
      </div>
      <div className="search-row">
        <label htmlFor={searchId} className="visually-hidden">
          {t.findTeam.search}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t.findTeam.search}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <label htmlFor={showAllId} className="checkbox">
          <input id={showAllId} type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />{' '}
          {t.findTeam.showAll}
        </label>
      </div>
      <div className="letter-ranges" role="group" aria-label={t.findTeam.letters}>
        {LETTER_RANGES.map((r) => (
          <button
            key={r.label}
            type="button"
            className={`chip ${range === r ? 'chip--active' : ''}`}
            aria-pressed={range === r}
            onClick={() => setRange(range === r ? null : r)}
          >
            {r.label}
          </button>
        ))}
      </div>
      {listed.length === 0 ? (
        <p className="muted">{t.findTeam.empty}</p>
      ) : (
        <ul className="team-list">
          {listed.map((team) => (
            <TeamRow key={team.id} team={team} onJoin={() => void choose(team)} />
          ))}
        </ul>
      )}
      <div className="fusion">
        <h3>{t.findTeam.fusionHeading}</h3>
        <p className="muted">{t.findTeam.fusionText}</p>
        {fusion.length > 0 && (
          <ul className="team-list">
            {fusion.map((team) => (
              <TeamRow key={team.id} team={team} onJoin={() => void choose(team)} />
            ))}
          </ul>
        )}
        <LobbyChat />
      </div>
      <CreateTeamDialog
        open={mode.kind === 'creating'}
        registrationsOpen={registrationsOpen}
        onCancel={() => setMode({ kind: 'overview' })}
        onCreated={(id, password) => {
          setMode({ kind: 'overview' });
          void join(id, password, t.wrapper.createFailed);
        }}
      />
      <JoinTeamDialog
        team={mode.kind === 'joining' ? mode.team : null}
        onCancel={() => setMode({ kind: 'overview' })}
        onJoin={async (id, password) => {
          if (await join(id, password)) setMode({ kind: 'overview' });
        }}
      />
    </section>
  );
}
