/**
 * The host's eye on the room (PROTOCOL.md wave 5): how many teams have a favourite while a question
 * is open, and the next question's text and solution before it starts. Both come from what the page
 * already has (the moderator view's favouriteCount, the loaded quiz), so the hotkeys stay the only input.
 */
import { findQuestion, nextQuestionPosition } from '@live/state/queries';
import { isQuestionOpenInView } from '@live/views/view-rules';
import type { Quiz } from '../../logic/quiz';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';

/** "N von M Teams haben einen Favoriten" (M: the teams with members) and how many have someone online, while a question is open. */
export function FavouriteCountLine() {
  const global = useAppSelector(selectGlobal);
  const count = useAppSelector((s) => s.live.views.moderator?.favouriteCount);
  if (!count || !isQuestionOpenInView(global)) return null;
  return (
    <p className="favourite-count" role="status" aria-live="polite">
      <strong>{t.control.favouriteCount(count.withFavourite, count.teams)}</strong>{' '}
      <span className="muted">· {t.control.teamsOnline(count.online)}</span>
    </p>
  );
}

/** The question the "next" hotkey starts: its text and solution, shown before it starts. */
export function NextQuestionPreview({ quiz }: { quiz: Quiz | null }) {
  const moderator = useAppSelector((s) => s.live.views.moderator);
  const next = quiz
    ? nextQuestionPosition(quiz.content, moderator?.currentRound ?? 0, moderator?.currentQuestion ?? 0)
    : null;
  const question = quiz && next ? findQuestion(quiz.content, next.round, next.number) : undefined;
  if (!question || !next) return null;
  return (
    <section className="next-question" aria-label={t.control.nextPreviewHeading}>
      <h3>
        {t.control.nextPreviewHeading}: {t.control.nextIs(next.round, next.number)}
      </h3>
      <p className="next-question__text">{question.question || '–'}</p>
      <p>
        <strong>{t.control.answer}:</strong> {question.answer || t.placeholders.emptyAnswer}
      </p>
    </section>
  );
}
