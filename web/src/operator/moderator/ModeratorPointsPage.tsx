import { memo, startTransition, useMemo, useState } from 'react';
import { downloadTeamsTxt } from '../../api/operator';
import { Field } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { hasPoints, roundPoints, type PointsTable } from '../../logic/placement';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';
import { Panel, useCommand, useNotify } from '../shared';
import { pointsInOrder, type PointsSort } from '@live/rules/points';
import { PointsChart } from './PointsChart';
import { WindowedTable } from '../Windowed';
import { ResultDownloads, saveFile } from '../ResultDownloads';
import { publishPoints } from './publish';
import { QuestionStatsTable } from './QuestionStatsTable';

/** The server's ranking (rank, total) in the chosen order; drawn again only when the overview or the order changes. */
const RankingTable = memo(function RankingTable({ overview, sort }: { overview: PointsTable; sort: PointsSort }) {
  const rows = useMemo(() => pointsInOrder(overview, sort), [overview, sort]);
  const lastIndex = overview.rounds.length - 1;
  return (
    <WindowedTable
      items={rows}
      className="table points-table"
      columns={3 + overview.rounds.length}
      head={
        <tr>
          <th scope="col">{t.moderatorPoints.rank}</th>
          <th scope="col">{t.moderatorPoints.team}</th>
          {overview.rounds.map((round, i) => (
            <th
              scope="col"
              key={String(round)}
              aria-sort={sort === 'lastRound' && i === lastIndex ? 'descending' : undefined}
            >
              {t.moderatorPoints.round(round)}
            </th>
          ))}
          <th scope="col" aria-sort={sort === 'total' ? 'descending' : undefined}>
            {t.moderatorPoints.total}
          </th>
        </tr>
      }
      row={(row, _index, rowProps) => (
        <tr key={row.teamId ?? row.name} {...rowProps}>
          <td>{row.rank}.</td>
          <th scope="row">{row.name}</th>
          {overview.rounds.map((round, i) => (
            <td key={round}>{roundPoints(row, i)}</td>
          ))}
          <td>
            <strong>{row.total}</strong>
          </td>
        </tr>
      )}
    />
  );
});

/** The overview panel: teams.txt, publish / unpublish, sort toggle, table and chart, the results files and the statistics per question. */
export function OverviewPanel({ quizId, overview }: { quizId: string; overview: PointsTable }) {
  const send = useCommand();
  const notify = useNotify();
  const [sort, setSort] = useState<PointsSort>('total');
  const published = useAppSelector((s) => hasPoints(selectGlobal(s)?.points ?? null));

  async function download() {
    try {
      saveFile(await downloadTeamsTxt(quizId), 'teams.txt');
    } catch {
      notify(t.moderatorPoints.downloadFailed);
    }
  }

  return (
    <Panel
      title={`${t.operator.quiz} ${quizId}`}
      actions={
        <span className="badge" role="status">
          {published ? t.moderatorPoints.published : t.moderatorPoints.unpublished}
        </span>
      }
    >
      <div className="button-row">
        <button type="button" className="button" onClick={() => void download()}>
          {t.moderatorPoints.download}
        </button>
        <button type="button" className="button button--primary" onClick={() => void publishPoints(send, quizId)}>
          {t.moderatorPoints.publish}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void send('mp', { content: {} }, t.moderatorPoints.unpublished)}
        >
          {t.moderatorPoints.unpublish}
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={sort === 'lastRound'}
          onClick={() => setSort(sort === 'total' ? 'lastRound' : 'total')}
        >
          {t.moderatorPoints.sortToggle}: {sort === 'total' ? t.moderatorPoints.sortTotal : t.moderatorPoints.sortLast}
        </button>
      </div>
      {overview.sortedTeams.length === 0 ? (
        <p className="muted">{t.moderatorPoints.empty}</p>
      ) : (
        <>
          <RankingTable overview={overview} sort={sort} />
          <h3>{t.moderatorPoints.chartHeading}</h3>
          <PointsChart overview={overview} />
        </>
      )}
      <h3>{t.results.downloads}</h3>
      <ResultDownloads quizId={quizId} />
      <h3>{t.results.statsHeading}</h3>
      <QuestionStatsTable quizId={quizId} loadedAt={overview} />
    </Panel>
  );
}

/** Moderator points: quiz id and "show overview" (mup), then the overview panel. */
export function ModeratorPointsPage() {
  const send = useCommand();
  const currentQuiz = useAppSelector((s) => s.live.views.moderator?.currentQuiz ?? null);
  const [quizInput, setQuizInput] = useState(currentQuiz === null ? '1' : String(currentQuiz));
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<{ quizId: string; overview: PointsTable } | null>(null);

  async function show() {
    const quizId = quizInput.trim();
    setChecking(true);
    const reply = await send('mup', { quiz: quizId });
    setChecking(false);
    // A transition: the table and chart of 1,000 teams render without holding the page (no long task).
    if (reply.success)
      startTransition(() => setResult({ quizId, overview: { rounds: reply.rounds, sortedTeams: reply.sortedTeams } }));
  }

  return (
    <div className="page operator">
      <h1>{t.moderatorPoints.heading}</h1>
      <form
        className="inline-form card"
        onSubmit={(e) => {
          e.preventDefault();
          void show();
        }}
      >
        <Field label={t.moderatorPoints.quizId} value={quizInput} onValue={setQuizInput} inputMode="numeric" />
        <button type="submit" className="button button--primary" disabled={checking}>
          {checking ? (
            <>
              <Spinner /> {t.moderatorPoints.checking}
            </>
          ) : (
            t.moderatorPoints.show
          )}
        </button>
      </form>
      {result ? (
        <OverviewPanel quizId={result.quizId} overview={result.overview} />
      ) : (
        <p className="muted">{t.placeholders.nothingLoaded}</p>
      )}
    </div>
  );
}
