import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { refusalText } from '../api/http';
import { confirmPasswordReset, passwordResetByMail, requestPasswordReset } from '../api/passwordReset';
import { untilServed } from '../api/queue';
import { Field, FormError } from '../components/Field';
import { replaceToken } from '../session';
import { useAppDispatch } from '../store';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import { FIELD_MAXIMA } from '@live/rules/field-limits';

/**
 * /passwort-neu: without a token the form that asks for a link ("Passwort vergessen?"); with
 * `#<token>` (the link from the e-mail or from the crew) the form that sets the new password. The
 * token leaves the address bar at once: it is not kept in the history.
 */
export function PasswordResetPage() {
  const [token, setToken] = useState(fragmentToken);
  useEffect(() => {
    const clear = () => {
      if (window.location.hash)
        window.history.replaceState(null, '', window.location.pathname + window.location.search);
    };
    clear();
    // A link opened in the tab that shows this page already changes only the fragment.
    const opened = () => {
      const next = fragmentToken();
      if (next) setToken(next);
      clear();
    };
    window.addEventListener('hashchange', opened);
    return () => window.removeEventListener('hashchange', opened);
  }, []);
  return (
    <div className="page page--narrow">
      {token ? <NewPasswordForm key={token} token={token} /> : <RequestLinkForm />}
    </div>
  );
}

function fragmentToken(): string {
  return window.location.hash.replace(/^#/, '');
}

function RequestLinkForm() {
  const [byMail, setByMail] = useState<boolean | null>(null);
  const [asked, setAsked] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    passwordResetByMail().then(setByMail, () => setByMail(true));
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = asked.trim();
    if (value === '') return setError(t.passwordReset.missing);
    setBusy(true);
    setError(null);
    try {
      setByMail(await requestPasswordReset(value.includes('@') ? { email: value } : { login: value }));
      setSent(true);
    } catch (err) {
      setError(refusalText(err, t.passwordReset.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card form" aria-labelledby="reset-heading">
      <h1 id="reset-heading">{t.passwordReset.heading}</h1>
      {byMail === false ? (
        <p role="status">{t.passwordReset.noMail}</p>
      ) : sent ? (
        <p role="status">{t.passwordReset.sent}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>{t.passwordReset.intro}</p>
          <Field
            label={t.passwordReset.nameOrEmail}
            value={asked}
            onValue={setAsked}
            required
            maxLength={FIELD_MAXIMA.email}
            autoComplete="username"
          />
          <FormError message={error} />
          <button type="submit" className="button button--primary" disabled={busy || byMail === null}>
            {t.passwordReset.submit}
          </button>
        </form>
      )}
      <p>
        <Link href="/login">{t.passwordReset.toLogin}</Link>
      </p>
    </section>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password === '') return setError(t.auth.required);
    if (password !== repeat) return setError(t.auth.passwordMismatch);
    setBusy(true);
    setError(null);
    try {
      replaceToken(await untilServed((ticket) => confirmPasswordReset(token, password, ticket)));
      dispatch(uiActions.noticeAdded(t.passwordReset.done, 'success'));
      navigate('/', { replace: true });
    } catch (err) {
      setError(refusalText(err, t.passwordReset.failed));
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={(e) => void submit(e)} aria-labelledby="new-password-heading" noValidate>
      <h1 id="new-password-heading">{t.passwordReset.newHeading}</h1>
      <p>{t.passwordReset.newIntro}</p>
      <Field
        label={t.passwordReset.newPassword}
        type="password"
        value={password}
        onValue={setPassword}
        required
        autoComplete="new-password"
      />
      <Field
        label={t.passwordReset.newPasswordRepeat}
        type="password"
        value={repeat}
        onValue={setRepeat}
        required
        autoComplete="new-password"
      />
      <FormError message={error} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t.passwordReset.newSubmit}
      </button>
      <p>
        <Link href="/login">{t.passwordReset.toLogin}</Link>
      </p>
    </form>
  );
}
