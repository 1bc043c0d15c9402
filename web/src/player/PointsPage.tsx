import { useMemo } from 'react';
import { Link } from 'wouter';
import { PlaceMedal } from '../components/PlaceMedal';
import { hasPoints, placeOf, placesAfterRounds, roundPoints, type Place } from '../logic/placement';
import { useAppSelector } from '../store';
import { selectGlobal } from '../store/selectors';
import { t } from '../texts';

/** The place after a round (1 to 3 get a small badge; place 4 shows nothing). */
function RoundPlace({ round, place }: { round: number; place: Place }) {
  if (place === 4) return null;
  return (
    <span className={`round-place round-place--${place}`} title={t.points.roundPlace(round, place)}>
      <span aria-hidden="true">{place}</span>
      <span className="visually-hidden">{t.points.roundPlace(round, place)}</span>
    </span>
  );
}

/** auth/points: the published ranking from the live state, or the explanation that nobody has points yet. */
export function PointsPage() {
  const points = useAppSelector((s) => selectGlobal(s)?.points);
  const myTeam = useAppSelector((s) => s.live.views.team?.name);
  const overview = points ?? null;
  const walk = useMemo(() => (hasPoints(overview) ? placesAfterRounds(overview) : []), [overview]);
  if (!hasPoints(overview)) {
    return (
      <div className="page page--narrow">
        <section className="card">
          <h1>{t.points.heading}</h1>
          <p>{t.points.empty}</p>
          <Link href="/" className="button">
            {t.points.back}
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="page">
      <section className="card">
        <h1>{t.points.heading}</h1>
        <div className="table-scroll">
          <table className="table points-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t.points.place}</span>
                </th>
                <th scope="col" className="points-table__rank">
                  {t.points.place}
                </th>
                <th scope="col">{t.points.team}</th>
                {overview.rounds.map((round) => (
                  <th scope="col" key={String(round)} className="points-table__points">
                    <span className="points-table__round-long">
                      {t.points.round} {round}
                    </span>
                    <span className="points-table__round-short" aria-hidden="true">
                      {t.points.roundShort}
                      {round}
                    </span>
                  </th>
                ))}
                <th scope="col" className="points-table__points">
                  {t.points.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.sortedTeams.map((row, r) => (
                <tr
                  key={row.teamId ?? row.name}
                  className={`place-${placeOf(row)} ${row.name === myTeam ? 'row--mine' : ''}`}
                >
                  <td>
                    <PlaceMedal place={placeOf(row)} rank={row.rank} />
                  </td>
                  <td className="points-table__rank">{row.rank}.</td>
                  <th scope="row">{row.name}</th>
                  {overview.rounds.map((round, i) => (
                    <td key={round} className="points-table__points">
                      {roundPoints(row, i)}
                      <RoundPlace round={round} place={walk[r]?.[i] ?? 4} />
                    </td>
                  ))}
                  <td className="points-table__points">
                    <strong>{row.total}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
