import { useEffect } from 'react';
import { StreamEmbed } from '../components/StreamEmbed';
import { loadTeams } from '../session';
import { useAppSelector } from '../store';
import { selectTeam } from '../store/selectors';
import { t } from '../texts';
import { EmailPopup, NewsletterPopup } from './EmailPopup';
import { QuizWrapper } from './QuizWrapper';
import { TeamDisplay } from './TeamDisplay';
import { QuestionAlerts } from './alerts/QuestionAlerts';

/** auth index: splitscreen (stream 4 columns, quiz 2) or the quiz wrapper with the team display. */
export function IndexPage() {
  const splitscreen = useAppSelector((s) => s.ui.splitscreen);
  const hasTeamName = useAppSelector((s) => Boolean(selectTeam(s)?.name));
  useEffect(() => {
    void loadTeams();
  }, []);
  return (
    <>
      {splitscreen !== 'off' ? (
        <div className="splitscreen">
          <div className="splitscreen__stream">
            <StreamEmbed withChat={splitscreen === 'withChat'} />
            <p className="hint">{t.index.streamTip}</p>
          </div>
          <div className="splitscreen__quiz">
            <QuizWrapper />
          </div>
        </div>
      ) : (
        <div className={`quiz-layout ${hasTeamName ? '' : 'quiz-layout--single'}`}>
          <div className="quiz-layout__main">
            <QuizWrapper />
          </div>
          {hasTeamName && (
            <div className="quiz-layout__side">
              <TeamDisplay />
            </div>
          )}
        </div>
      )}
      <QuestionAlerts />
      <EmailPopup />
      <NewsletterPopup />
    </>
  );
}
