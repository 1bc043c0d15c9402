import { saveUser } from '../api/http';
import { Modal } from '../components/Modal';
import { NewsletterForm } from '../components/NewsletterForm';
import { useAppDispatch, useAppSelector } from '../store';
import { sessionActions } from '../store/sessionSlice';
import { selectNewsletterPopupOpen, selectShowSettings, showSettingsActions } from '../store/showSettingsSlice';
import { rememberNewsletterPopupDismissed } from '../showSettings';
import { specialMode, t } from '../texts';

/**
 * Shown outside the special locale while shownEmailPopupAt is unset; closing stores "now". Without a
 * newsletter address (show settings) there is nothing to sign up for: it waits until one is set.
 */
export function EmailPopup() {
  const user = useAppSelector((s) => s.session.user);
  const hasNewsletter = useAppSelector(selectShowSettings).newsletterUrl !== '';
  const dispatch = useAppDispatch();
  if (specialMode || !user || user.shownEmailPopupAt || !hasNewsletter) return null;
  const close = () => {
    const now = new Date().toISOString();
    dispatch(sessionActions.userChanged({ shownEmailPopupAt: now }));
    void saveUser(user.id, { shownEmailPopupAt: now }).catch(() => undefined);
  };
  return (
    <Modal
      open
      title={t.emailPopup.heading}
      onClose={close}
      footer={
        <button type="button" className="button" onClick={close}>
          {t.emailPopup.close}
        </button>
      }
    >
      <p>{t.emailPopup.text}</p>
      <NewsletterForm onSubmitted={() => setTimeout(close, 0)} />
    </Modal>
  );
}

/**
 * The newsletter sign-up popup (enter and cancel), shown when its flag is set: the admin's show
 * setting `newsletterPopup` (docs/decisions/show-settings.md). Closed, it stays closed in this tab until the admin
 * turns the flag off and on again.
 */
export function NewsletterPopup() {
  const open = useAppSelector(selectNewsletterPopupOpen);
  const dispatch = useAppDispatch();
  const close = () => {
    rememberNewsletterPopupDismissed();
    dispatch(showSettingsActions.newsletterPopupDismissed(true));
  };
  return (
    <Modal open={open} title={t.emailPopup.newsletterHeading} onClose={close}>
      <p>{t.emailPopup.newsletterText}</p>
      <NewsletterForm onSubmitted={close} />
      <button type="button" className="button" onClick={close}>
        {t.emailPopup.cancel}
      </button>
    </Modal>
  );
}
