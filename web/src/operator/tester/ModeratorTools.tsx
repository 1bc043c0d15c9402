import { useEffect, useId, useMemo, useState } from 'react';
import { Field } from '../../components/Field';
import { wholeNumberOr } from '../../logic/quiz';
import { useAppSelector } from '../../store';
import { t } from '../../texts/operator';
import { selectOperatorTeams } from '../operatorLists';
import { Panel, useCommand, useNotify } from '../shared';
import { WindowedList } from '../Windowed';
import {
  answersByTeam,
  answerStatus,
  regexMatches,
  regexProblemText,
  searchTeams,
  type CheckerAnswer,
  type RegexCheck,
  type RegexMark,
} from './logic';

const MARKS: readonly RegexMark[] = ['correct', 'wrong', 'unchecked'];

interface ToolProps {
  quizId: string;
  round: number;
  question: number;
  answers: readonly CheckerAnswer[];
}

/** The server's regex rule, loaded once the tool is shown (re2js is 150 kB: not part of the checker's page load). */
function useRegexRule(): ((source: string) => RegexCheck) | null {
  const [rule, setRule] = useState<((source: string) => RegexCheck) | null>(null);
  useEffect(() => {
    let shown = true;
    void import('./regexRule').then(
      (module) => shown && setRule(() => module.compileRegex),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
  return rule;
}

/** Regex tool (moderators): marks every answer of the question that matches (trx), with a preview count. */
export function RegexTool({ quizId, round, question, answers }: ToolProps) {
  const send = useCommand();
  const notify = useNotify();
  const markId = useId();
  const [regex, setRegex] = useState('');
  const [points, setPoints] = useState('1');
  const [mark, setMark] = useState<RegexMark>('correct');
  const rule = useRegexRule();
  const compiled = useMemo(() => (rule ? rule(regex) : null), [rule, regex]);
  const matches = useMemo(
    () => (compiled?.ok ? regexMatches(answers, round, question, compiled.regex).length : 0),
    [compiled, answers, round, question],
  );

  function apply() {
    if (!compiled) return; // the rule is still loading (a moment after the tool appeared)
    if (!compiled.ok) return notify(regexProblemText(compiled.problem));
    void send(
      'trx',
      { quiz: quizId, round, question, regex, points: wholeNumberOr(points, 1), mark },
      t.tester.regexPreview(matches),
    );
  }

  return (
    <Panel title={t.tester.regexHeading}>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Field label={t.tester.regex} value={regex} onValue={setRegex} className="code" />
        <Field label={t.tester.regexPoints} type="number" min={0} value={points} onValue={setPoints} />
        <div className="field">
          <label htmlFor={markId}>{t.tester.regexMark}</label>
          <select id={markId} value={mark} onChange={(e) => setMark(e.target.value as RegexMark)}>
            {MARKS.map((m) => (
              <option key={m} value={m}>
                {t.tester.marks[m]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          {t.tester.regexSend}
        </button>
      </form>
      <p className="hint" role="status">
        {!compiled
          ? ''
          : compiled.ok
            ? t.tester.regexPreview(matches)
            : regex.trim() === ''
              ? ''
              : regexProblemText(compiled.problem)}
      </p>
    </Panel>
  );
}

/** Team search (moderators): case-insensitive part of the name, '_' lists all; shows each team's answer to the question. */
export function TeamSearch({ round, question, answers }: Omit<ToolProps, 'quizId'>) {
  const teams = useAppSelector(selectOperatorTeams);
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchTeams(teams, query), [teams, query]);
  const byTeam = useMemo(() => answersByTeam(answers), [answers]);
  return (
    <Panel title={t.tester.teamSearchHeading}>
      <Field label={t.tester.teamSearch} type="search" value={query} onValue={setQuery} />
      {query.trim() !== '' &&
        (found.length === 0 ? (
          <p className="muted">{t.tester.teamSearchEmpty}</p>
        ) : (
          <WindowedList
            className="team-answers"
            aria-live="polite"
            items={found}
            entry={(team, _index, rowProps) => {
              const own = byTeam.get(team.id) ?? [];
              const current = own.find((a) => a.round === round && a.num === question);
              return (
                <li key={team.id} className="team-answers__item" {...rowProps}>
                  <strong>{team.name}</strong>{' '}
                  <span className="muted">
                    {t.operator.teamNumber(team.number)} · {t.tester.teamAnswers(own.length)}
                  </span>
                  {current && (
                    <span className={`team-answers__answer check-answer--${answerStatus(current)}`}>
                      {current.answer || t.placeholders.emptyAnswer} · {t.tester.points(current.points)}
                    </span>
                  )}
                </li>
              );
            }}
          />
        ))}
    </Panel>
  );
}
