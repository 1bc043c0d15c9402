import { useMemo } from 'react';
import { Field } from '../../components/Field';
import { numbersOfRound, wholeNumberOr, type Quiz } from '../../logic/quiz';
import { t } from '../../texts/operator';
import { Panel } from '../shared';
import { WindowedTable } from '../Windowed';
import { answerStatus, roundTable, ROUND_COLUMN_WIDTH_PX, type CheckerAnswer } from './logic';

interface RoundTableProps {
  quiz: Quiz | null;
  answers: readonly CheckerAnswer[];
  teamName(answer: CheckerAnswer): string;
  round: string;
  onRound(round: string): void;
}

/** Round mode: teams × questions of one round, 384 px per question column, cells coloured by status. */
export function RoundTable({ quiz, answers, teamName, round, onRound }: RoundTableProps) {
  const roundNumber = wholeNumberOr(round, 1);
  const rows = useMemo(() => roundTable(answers, roundNumber, teamName), [answers, roundNumber, teamName]);
  const questions = useMemo(() => {
    const fromQuiz = quiz ? numbersOfRound(quiz.content, roundNumber) : [];
    const fromAnswers = answers.filter((a) => a.round === roundNumber).map((a) => a.num);
    return [...new Set([...fromQuiz, ...fromAnswers])].sort((a, b) => a - b);
  }, [quiz, answers, roundNumber]);

  return (
    <Panel title={`${t.tester.modeRound} · ${t.operator.round} ${roundNumber}`}>
      <p className="muted">{t.tester.roundHint}</p>
      <div className="inline-form">
        <Field label={t.tester.roundInput} type="number" min={1} value={round} onValue={onRound} />
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t.tester.noAnswers}</p>
      ) : (
        <WindowedTable
          items={rows}
          className="table round-table"
          style={{ minWidth: 200 + questions.length * ROUND_COLUMN_WIDTH_PX }}
          columns={1 + questions.length}
          estimateRowPx={64}
          before={
            <colgroup>
              <col style={{ width: 200 }} />
              {questions.map((n) => (
                <col key={n} style={{ width: ROUND_COLUMN_WIDTH_PX }} />
              ))}
            </colgroup>
          }
          head={
            <tr>
              <th scope="col">{t.tester.teamColumn}</th>
              {questions.map((n) => (
                <th scope="col" key={n}>
                  {t.tester.questionColumn(n)}
                </th>
              ))}
            </tr>
          }
          row={(row, _index, rowProps) => (
            <tr key={row.teamId} {...rowProps}>
              <th scope="row">{row.name}</th>
              {questions.map((n) => {
                const cell = row.cells[n];
                if (!cell)
                  return (
                    <td key={n} className="muted">
                      –
                    </td>
                  );
                const status = answerStatus(cell);
                return (
                  <td key={n} className={`round-cell check-answer--${status}`}>
                    <span className="round-cell__answer">{cell.answer || t.placeholders.emptyAnswer}</span>
                    <span className="round-cell__meta">
                      {t.tester.points(cell.points)} · {t.tester.status[status]}
                    </span>
                  </td>
                );
              })}
            </tr>
          )}
        />
      )}
    </Panel>
  );
}
