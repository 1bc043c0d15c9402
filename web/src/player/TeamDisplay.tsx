import { Link } from 'wouter';
import { useAppSelector } from '../store';
import { selectTeam } from '../store/selectors';
import { t } from '../texts';

/** Members with a green (online) or grey (offline) dot, the edit link and the instruction box. */
export function TeamDisplay() {
  const team = useAppSelector(selectTeam);
  if (!team?.name) return null;
  const members = Object.entries(team.members ?? {}).sort(
    ([, a], [, b]) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name, 'de'),
  );
  return (
    <aside className="stack">
      <section className="card" aria-labelledby="members-heading">
        <div className="section-head">
          <h2 id="members-heading">{t.team.members}</h2>
          <Link href="/profile_team" className="button button--small">
            {t.team.edit}
          </Link>
        </div>
        <ul className="member-list">
          {members.map(([id, member]) => (
            <li key={id} className="member">
              <span className={`dot ${member.online ? 'dot--online' : 'dot--offline'}`} aria-hidden="true" />
              <span>{member.name}</span>
              <span className="visually-hidden">({member.online ? t.team.online : t.team.offline})</span>
            </li>
          ))}
        </ul>
        {team.stadt && <p className="muted">{team.stadt}</p>}
        <p className="team-number">{t.team.numberHint(team.number)}</p>
      </section>
      <section className="card card--soft" aria-labelledby="instruction-heading">
        <h2 id="instruction-heading">{t.team.instructionHeading}</h2>
        <p>{t.team.instruction}</p>
      </section>
    </aside>
  );
}
