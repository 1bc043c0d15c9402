import type { TeamView } from '../realtime/views';
import { useAppSelector } from '../store';
import { selectTeam } from '../store/selectors';
import { t } from '../texts';

type Entry = TeamView['history'][number];

function Verdict({ entry }: { entry: Entry }) {
  if (entry.points === null) return <span className="muted">{t.history.hidden}</span>;
  if (entry.rating === null) return <span className="muted">{t.history.notRated}</span>;
  return (
    <span className={`badge history__rating history__rating--${entry.rating}`}>
      {entry.rating === 'right' ? t.history.right : t.history.wrong} · {t.history.points(entry.points)}
    </span>
  );
}

/**
 * "Unsere Antworten": the team's answers of the night beside the solutions, with rating and points
 * once that round's points are published (the team view's `history`). Loaded with the player screen
 * that shows it, never on the login path.
 */
export function OurAnswers() {
  const history = useAppSelector(selectTeam)?.history ?? [];
  if (history.length === 0) return null;
  return (
    <section className="card history" aria-labelledby="history-heading">
      <h2 id="history-heading">{t.history.heading}</h2>
      <ol className="history__list">
        {[...history].reverse().map((entry) => (
          <li key={`${entry.round}.${entry.number}`} className="history__entry">
            <p className="history__question">
              <strong>{t.history.question(entry.round, entry.number)}</strong> {entry.question}
            </p>
            <dl className="history__answers">
              <dt>{t.history.ourAnswer}</dt>
              <dd>{entry.takenAnswer ?? <span className="muted">{t.history.noAnswer}</span>}</dd>
              <dt>{t.history.solution}</dt>
              <dd>{entry.solution}</dd>
            </dl>
            <Verdict entry={entry} />
          </li>
        ))}
      </ol>
    </section>
  );
}
