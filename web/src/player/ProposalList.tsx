import { useState } from 'react';
import { abcdOptionText } from '../logic/validation';
import { command } from '../realtime/connection';
import { useAppDispatch, useAppSelector } from '../store';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import { useImageUrl, useProposals, type ProposalEntry } from './useTeam';
import { UploadedImage } from '../components/UploadedImage';
import { HIDDEN_PICTURE_TEXT } from '@live/rules/moderated';

/** Sends a team command on a proposal key (gd delete, gf favourite, gs star, go quizzle offer). */
export function useProposalCommand() {
  const dispatch = useAppDispatch();
  return async (type: 'gd' | 'gf' | 'gs' | 'go', key: string) => {
    // A key that is no number goes as NaN (JSON null): the server refuses it as it refused the text.
    const reply = await command(type, { number: Number(key) });
    if (!reply.success) dispatch(uiActions.noticeAdded(reply.message ?? t.question.sendFailed));
    return reply.success;
  };
}

function ProposalItem({
  entry,
  images,
  options,
}: {
  entry: ProposalEntry;
  images: boolean;
  options?: readonly string[];
}) {
  const send = useProposalCommand();
  const imageUrl = useImageUrl();
  const [busy, setBusy] = useState(false);
  const run = async (type: 'gd' | 'gf' | 'gs') => {
    setBusy(true);
    await send(type, entry.key);
    setBusy(false);
  };
  if (entry.chat) {
    return (
      <li className="proposal proposal--chat">
        <span className="proposal__author">{entry.author}</span>
        <span className="proposal__message">{entry.message}</span>
      </li>
    );
  }
  return (
    <li className={`proposal ${entry.isFavorite ? 'proposal--favorite' : ''}`}>
      <div className="proposal__content">
        <span className="proposal__author">{entry.author}</span>
        {images && entry.message === HIDDEN_PICTURE_TEXT ? (
          <span className="proposal__message muted">{HIDDEN_PICTURE_TEXT}</span>
        ) : images ? (
          <UploadedImage
            className="proposal__image"
            src={imageUrl(entry.message)}
            alt={t.question.proposalImage(entry.author)}
          />
        ) : (
          <span className="proposal__message">
            {entry.message || t.placeholders.emptyAnswer}
            {abcdOptionText(entry.message, options) && (
              <span className="proposal__option"> · {abcdOptionText(entry.message, options)}</span>
            )}
          </span>
        )}
        {entry.isFavorite && <span className="badge badge--favorite">★ {t.question.favorite}</span>}
      </div>
      <div className="proposal__actions">
        <button
          type="button"
          className={`chip ${entry.starredByMe ? 'chip--active' : ''}`}
          aria-pressed={entry.starredByMe}
          aria-label={`${entry.starredByMe ? t.question.unstar : t.question.star} (${t.question.stars(entry.starCount)})`}
          disabled={busy}
          onClick={() => void run('gs')}
        >
          ☆ {entry.starCount}
        </button>
        <button
          type="button"
          className="chip"
          aria-pressed={entry.isFavorite}
          disabled={busy || entry.isFavorite}
          onClick={() => void run('gf')}
        >
          {t.question.makeFavorite}
        </button>
        <button
          type="button"
          className="chip chip--danger"
          aria-label={`${t.question.delete}: ${entry.message}`}
          disabled={busy}
          onClick={() => void run('gd')}
        >
          {t.question.delete}
        </button>
      </div>
    </li>
  );
}

/** The team's proposals and chat entries; image proposals for selfie and zeichnen. */
export function ProposalList({ images = false }: { images?: boolean }) {
  const proposals = useProposals();
  const options = useAppSelector((s) =>
    s.live.views.global?.question?.type === 'abcd' ? s.live.views.global.question.options : undefined,
  );
  return (
    <section className="proposals" aria-labelledby="proposals-heading">
      <h3 id="proposals-heading">{t.question.proposals}</h3>
      {proposals.length === 0 ? (
        <p className="muted">{t.question.noProposals}</p>
      ) : (
        <ul className="proposal-list" aria-live="polite">
          {proposals.map((entry) => (
            <ProposalItem key={entry.key} entry={entry} images={images} options={options} />
          ))}
        </ul>
      )}
    </section>
  );
}
