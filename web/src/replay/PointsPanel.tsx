/** The points overview at the current position (the engine's pointsOverview of the night's quiz). */
import { pointsOverview, type LiveState } from '@live';
import { ColumnHeads } from '../components/ColumnHeads';
import { t } from '../texts/replay';

/** The quiz of the night at this state, else the only (or last created) quiz known. */
export function quizOfState(state: LiveState): string | null {
  if (state.night) return state.night.quizId;
  const nights: string[] = [];
  state.nights.forEach((n) => {
    nights.push(n.quizId);
  });
  if (nights.length > 0) return nights[nights.length - 1];
  const quizzes: string[] = [];
  state.quizzes.forEach((q) => {
    quizzes.push(q.id);
  });
  return quizzes.length > 0 ? quizzes[quizzes.length - 1] : null;
}

/** onAudit: a team's name opens its audit. */
export function PointsPanel({ state, onAudit }: { state: LiveState; onAudit?(teamId: string): void }) {
  const quizId = quizOfState(state);
  if (quizId === null) return <p className="muted">{t.replay.noQuiz}</p>;
  const table = pointsOverview(state, quizId);
  return (
    <section aria-labelledby="replay-points-heading">
      <h2 id="replay-points-heading">{t.replay.pointsHeading}</h2>
      {table.sortedTeams.length === 0 ? (
        <p className="muted">{t.replay.noPoints}</p>
      ) : (
        <div className="table-scroll">
          <table className="table table--compact replay-points">
            <ColumnHeads
              labels={[t.replay.rank, t.replay.team, ...table.rounds.map((r) => t.replay.round(r)), t.replay.total]}
            />
            <tbody>
              {table.sortedTeams.map((row) => (
                <tr key={row.teamId ?? row.name}>
                  <td>{row.rank}</td>
                  <th scope="row">
                    {onAudit && row.teamId !== null ? (
                      <button
                        type="button"
                        className="chip"
                        title={t.replay.auditTeam(row.name)}
                        onClick={() => row.teamId !== null && onAudit(row.teamId)}
                      >
                        {row.name}
                      </button>
                    ) : (
                      row.name
                    )}
                  </th>
                  {table.rounds.map((r, i) => (
                    <td key={r}>{row.rounds[i] ?? 0}</td>
                  ))}
                  <td>
                    <strong>{row.total}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
