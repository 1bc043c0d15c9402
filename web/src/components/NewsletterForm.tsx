import { useId } from 'react';
import { config } from '../config';
import { useAppSelector } from '../store';
import { selectShowSettings } from '../store/showSettingsSlice';
import { t } from '../texts';

/**
 * Newsletter sign-up: a normal form post to the show's mailing-list service (show settings), in a
 * new tab. Without a newsletter address there is no form.
 */
export function NewsletterForm({ onSubmitted }: { onSubmitted?(): void }) {
  const id = useId();
  const action = useAppSelector(selectShowSettings).newsletterUrl;
  if (action === '') return null;
  return (
    <form className="card newsletter" action={action} method="post" target="_blank" onSubmit={() => onSubmitted?.()}>
      <h2>{t.newsletter.heading}</h2>
      <p>{t.newsletter.text}</p>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t.newsletter.email}</label>
        <div className="inline-form">
          <input id={`${id}-email`} type="email" name="EMAIL" required autoComplete="email" />
          <button type="submit" className="button">
            {t.newsletter.submit}
          </button>
        </div>
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-hp`}>{t.newsletter.honeypot}</label>
        <input
          id={`${id}-hp`}
          type="text"
          name={config.newsletterHoneypotName}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </form>
  );
}
