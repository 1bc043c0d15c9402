/** The audit: per team and round every answer's trail; per tester every rating given. */
import { useId, useMemo, useState } from 'react';
import { ColumnHeads } from '../components/ColumnHeads';
import type { LiveState } from '@live';
import { t } from '../texts/replay';
import {
  teamAudit,
  testerRatings,
  testersOf,
  answerById,
  type AnswerAudit,
  type Audit,
  type RatingEntry,
  type Stamp,
} from './audit';
import { formatDuration, formatTime, teamName, userName } from './describe';

/** Lock-in (or favourite) time against the countdown end, in words. */
export function relativeToCountdown(at: number, endsAt: number): string {
  const delta = at - endsAt;
  if (delta === 0) return t.replay.audit.atEnd;
  return delta > 0 ? t.replay.audit.afterEnd(formatDuration(delta)) : t.replay.audit.beforeEnd(formatDuration(delta));
}

export function ratingText(r: RatingEntry): string {
  const a = t.replay.audit;
  const value =
    r.kind === 'bulk'
      ? a.bulk(r.regex ?? '', t.replay.marks[r.mark ?? ''] ?? String(r.mark), r.points)
      : r.kind === 'ship'
        ? a.ship(r.hits ?? 0, r.survived ?? false, r.points)
        : a.ratingValue(r.points, r.change);
  const flags = [r.checked ? a.checked : null, r.liked ? a.liked : null].filter(Boolean).join(', ');
  return flags ? `${value} (${flags})` : value;
}

function Stars({ stars, names }: { stars: readonly Stamp[]; names: LiveState }) {
  if (stars.length === 0) return <>{t.replay.audit.noStars}</>;
  return <>{stars.map((s) => t.replay.audit.starBy(userName(names, s.userId), formatTime(s.at))).join(', ')}</>;
}

function AnswerCard({ a, names }: { a: AnswerAudit; names: LiveState }) {
  const au = t.replay.audit;
  const endsAt = a.countdown?.endsAt ?? null;
  return (
    <article className="card card--soft replay-answer" aria-label={au.question(a.round, a.number)}>
      <header className="replay-answer__head">
        <strong>{au.question(a.round, a.number)}</strong>
        {a.question?.category && <span className="badge">{a.question.category}</span>}
        {a.maxPoints !== null && <span className="muted">{au.maxPoints(a.maxPoints)}</span>}
        <span className="badge badge--points">{au.resultPoints(a.points)}</span>
      </header>
      {a.question?.question && <p className="muted">{a.question.question}</p>}
      <dl className="replay-answer__facts">
        {a.question?.answer ? (
          <>
            <dt>{au.solution}</dt>
            <dd>{a.question.answer}</dd>
          </>
        ) : null}
        <dt>{au.answer}</dt>
        <dd>
          <strong>{a.answer || au.noAnswer}</strong>
        </dd>
        <dt>{au.proposal}</dt>
        <dd>
          {a.proposal
            ? `V${a.proposal.key}: ${au.proposedBy(userName(names, a.proposal.userId), formatTime(a.proposal.at))}`
            : au.authorOnly(userName(names, a.author))}
        </dd>
        <dt>{au.basis}</dt>
        <dd>{au.bases[a.basis]}</dd>
        <dt>{au.stars}</dt>
        <dd>{a.basis === 'unknown' ? au.notRecorded : <Stars stars={a.stars} names={names} />}</dd>
        <dt>{au.favourite}</dt>
        <dd>
          {a.favourite
            ? au.favouriteBy(
                userName(names, a.favourite.userId),
                formatTime(a.favourite.at),
                endsAt === null ? '' : au.relative(relativeToCountdown(a.favourite.at, endsAt)),
              )
            : a.basis === 'unknown'
              ? au.notRecorded
              : au.notFavourite}
        </dd>
        <dt>{au.lockIn}</dt>
        <dd>
          {au.lockInAt(formatTime(a.lockedAt))}
          {' · '}
          {a.countdown
            ? `${au.countdownEnd(formatTime(a.countdown.endsAt))} · ${relativeToCountdown(a.lockedAt, a.countdown.endsAt)}`
            : au.noCountdown}
          {a.endReason && ` · ${au.endedBy[a.endReason] ?? a.endReason}`}
        </dd>
        <dt>{au.ratings}</dt>
        <dd>
          {a.ratings.length === 0 ? (
            au.notRated
          ) : (
            <ul className="replay-answer__ratings">
              {a.ratings.map((r, i) => (
                <li key={i}>{au.rating(userName(names, r.testerId), formatTime(r.at), ratingText(r))}</li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </article>
  );
}

function TeamAudit({
  audit,
  names,
  initialTeam = '',
  initialRound = 'all',
}: {
  audit: Audit;
  names: LiveState;
  initialTeam?: string;
  initialRound?: string;
}) {
  const au = t.replay.audit;
  const teamIds = useMemo(
    () => [...new Set(audit.answers.map((a) => a.teamId).filter((id): id is string => id !== null))],
    [audit],
  );
  const [teamId, setTeamId] = useState(initialTeam);
  const [round, setRound] = useState(initialRound);
  const teamSelect = useId();
  const roundSelect = useId();
  const rounds = teamId ? teamAudit(audit, teamId) : [];
  const shown = round === 'all' ? rounds : rounds.filter((r) => String(r.round) === round);
  return (
    <div className="stack">
      <div className="inline-form">
        <div className="field">
          <label htmlFor={teamSelect}>{au.team}</label>
          <select id={teamSelect} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">{au.chooseTeam}</option>
            {teamIds
              .map((id) => ({ id, name: teamName(names, id) }))
              .sort((x, y) => x.name.localeCompare(y.name, 'de'))
              .map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={roundSelect}>{au.round}</label>
          <select id={roundSelect} value={round} onChange={(e) => setRound(e.target.value)}>
            <option value="all">{au.allRounds}</option>
            {[...new Set(audit.answers.map((a) => a.round))]
              .sort((x, y) => x - y)
              .map((r) => (
                <option key={r} value={String(r)}>
                  {t.replay.round(r)}
                </option>
              ))}
          </select>
        </div>
      </div>
      {teamId && shown.length === 0 && <p className="muted">{au.noAnswers}</p>}
      {shown.map((r) => (
        <section key={r.round} className="stack" aria-label={au.roundTotal(r.round, r.points)}>
          <h3>{au.roundTotal(r.round, r.points)}</h3>
          {r.answers.map((a) => (
            <AnswerCard key={a.answerId} a={a} names={names} />
          ))}
        </section>
      ))}
    </div>
  );
}

function TesterAudit({ audit, names }: { audit: Audit; names: LiveState }) {
  const au = t.replay.audit;
  const testers = useMemo(() => testersOf(audit), [audit]);
  const [testerId, setTesterId] = useState('');
  const selectId = useId();
  const ratings = testerId ? testerRatings(audit, testerId) : [];
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={selectId}>{au.tester}</label>
        <select id={selectId} value={testerId} onChange={(e) => setTesterId(e.target.value)}>
          <option value="">{au.chooseTester}</option>
          {testers.map((id) => (
            <option key={id} value={id}>
              {userName(names, id)}
            </option>
          ))}
        </select>
      </div>
      {testerId &&
        (ratings.length === 0 ? (
          <p className="muted">{au.noRatings}</p>
        ) : (
          <>
            <p className="muted">{au.ratingCount(ratings.length)}</p>
            <div className="table-scroll">
              <table className="table table--compact">
                <ColumnHeads labels={[au.colTime, au.colQuestion, au.colTeam, au.colAnswer, au.colValue]} />
                <tbody>
                  {ratings.map((r, i) => {
                    const answer = answerById(audit, r.answerId);
                    return (
                      <tr key={i}>
                        <td className="replay-events__time">{formatTime(r.at)}</td>
                        <td>{answer ? au.question(answer.round, answer.number) : '–'}</td>
                        <td>
                          {answer
                            ? answer.teamId !== null
                              ? teamName(names, answer.teamId)
                              : userName(names, answer.userId)
                            : '–'}
                        </td>
                        <td>{answer?.answer || au.noAnswer}</td>
                        <td>{ratingText(r)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        ))}
    </div>
  );
}

/** initialTeam / initialRound preselect the team audit (a link from elsewhere, the tests). */
export function AuditPanel({
  audit,
  names,
  initialTeam,
  initialRound,
}: {
  audit: Audit;
  names: LiveState;
  initialTeam?: string;
  initialRound?: string;
}) {
  const au = t.replay.audit;
  const [mode, setMode] = useState<'team' | 'tester'>('team');
  return (
    <section aria-labelledby="replay-audit-heading" className="stack">
      <h2 id="replay-audit-heading">{au.heading}</h2>
      <p className="muted">{au.intro}</p>
      <fieldset className="segmented">
        <legend className="visually-hidden">{au.heading}</legend>
        {(['team', 'tester'] as const).map((m) => (
          <label key={m} className={`chip ${mode === m ? 'chip--active' : ''}`}>
            <input
              type="radio"
              className="visually-hidden"
              name="audit-mode"
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            {m === 'team' ? au.byTeam : au.byTester}
          </label>
        ))}
      </fieldset>
      {audit.answers.length === 0 && <p className="muted">{au.noAnswers}</p>}
      {mode === 'team' ? (
        <TeamAudit audit={audit} names={names} initialTeam={initialTeam} initialRound={initialRound} />
      ) : (
        <TesterAudit audit={audit} names={names} />
      )}
    </section>
  );
}
