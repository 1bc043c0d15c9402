import { CountdownBox } from '../../components/Countdown';
import { useAppSelector } from '../../store';
import { selectGlobal, selectTeam } from '../../store/selectors';
import { t } from '../../texts';
import { useProposalCommand } from '../ProposalList';
import { useProposals } from '../useTeam';
import { AnswerForm } from './AnswerForm';

/**
 * Quizzle: the team's offered proposal is shown alone ("V<n>" with its author); otherwise the proposals,
 * each with "accept" while the quizzle state is init (accepting sends go and gf for that key).
 */
export function QuizzleQuestion() {
  const team = useAppSelector(selectTeam);
  const quizzle = useAppSelector((s) => selectGlobal(s)?.quizzle ?? 'init');
  const proposals = useProposals().filter((p) => !p.chat);
  const send = useProposalCommand();
  const offered =
    team?.quizzled !== null && team?.quizzled !== undefined
      ? proposals.find((p) => p.key === String(team.quizzled))
      : undefined;

  async function accept(key: string) {
    if (await send('go', key)) await send('gf', key);
  }

  const verdict = team?.quizzleVerdict ?? null;
  return (
    <div className="quizzle">
      <AnswerForm mode="team" withChat={false} />
      <CountdownBox />
      {verdict?.verdict === 'rejected' && (
        <p className="notice notice--error" role="alert">
          {t.question.quizzleRejected(verdict.key)}
        </p>
      )}
      {offered ? (
        <div className="card card--highlight" role="status">
          <strong className="quizzle__label">{t.question.quizzleOffered(offered.key)}</strong>
          <p className="proposal__message">{offered.message}</p>
          <p className="muted">
            {t.question.takenBy(offered.author)} ·{' '}
            {verdict?.verdict === 'accepted' ? (
              <strong>{t.question.quizzleAccepted(verdict.key)}</strong>
            ) : (
              t.question.quizzleWaiting
            )}
          </p>
        </div>
      ) : (
        <ul className="proposal-list" aria-label={t.question.proposals}>
          {proposals.length === 0 && <li className="muted">{t.question.noProposals}</li>}
          {proposals.map((p) => (
            <li key={p.key} className="proposal">
              <div className="proposal__content">
                <span className="proposal__author">{p.author}</span>
                <span className="proposal__message">{p.message}</span>
              </div>
              {quizzle === 'init' && (
                <button
                  type="button"
                  className="button button--small button--primary"
                  onClick={() => void accept(p.key)}
                >
                  {t.question.quizzleAccept}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
