/** The per-question statistics of a quiz on the moderator's points page: the figures of stats.csv (GET /api/quizzes/:id/stats). */
import { useEffect, useState } from 'react';
import { germanDecimal, percentOf, type QuestionStats } from '@live/rules/results';
import { HttpError } from '../../api/http';
import { getQuizStats } from '../../api/operator';
import { ColumnHeads } from '../../components/ColumnHeads';
import { Spinner } from '../../components/Spinner';
import { t } from '../../texts/operator';

type Loaded =
  { status: 'loading' } | { status: 'loaded'; stats: QuestionStats[] } | { status: 'failed'; message: string };

/** A share as the page shows it: the percentage stats.csv writes, with a percent sign. */
const share = (value: number | null) =>
  value === null ? t.results.none : t.results.percent(germanDecimal(percentOf(value)));
const average = (value: number | null) => (value === null ? t.results.none : germanDecimal(value));

/** Loads the statistics whenever the quiz or `loadedAt` (a new overview) changes. */
export function QuestionStatsTable({ quizId, loadedAt }: { quizId: string; loadedAt: unknown }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    getQuizStats(quizId).then(
      (stats) => current && setLoaded({ status: 'loaded', stats }),
      (error: unknown) =>
        current &&
        setLoaded({ status: 'failed', message: (error instanceof HttpError && error.detail) || t.results.statsFailed }),
    );
    return () => {
      current = false;
    };
  }, [quizId, loadedAt]);

  if (loaded.status === 'loading')
    return (
      <p className="muted" role="status">
        <Spinner /> {t.results.statsLoading}
      </p>
    );
  if (loaded.status === 'failed')
    return (
      <p className="form-error" role="alert">
        {loaded.message}
      </p>
    );
  if (loaded.stats.length === 0) return <p className="muted">{t.results.statsEmpty}</p>;
  return (
    <div className="table-scroll">
      <table className="table stats-table">
        <caption className="visually-hidden">{t.results.statsCaption}</caption>
        <ColumnHeads
          labels={[
            t.results.colQuestion,
            t.results.colAnswered,
            t.results.colRight,
            t.results.colShare,
            t.results.colAverage,
          ]}
        />
        <tbody>
          {loaded.stats.map((s) => (
            <tr key={`${s.round}.${s.num}`}>
              <th scope="row">{t.results.question(s.round, s.num)}</th>
              <td>{s.answered}</td>
              <td>{s.right}</td>
              <td>{share(s.shareRight)}</td>
              <td>{average(s.averagePoints)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
