import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { HttpError, refusalText } from '../api/http';
import type { QueueWait } from '../api/queue';
import { Field, FormError } from '../components/Field';
import { Spinner } from '../components/Spinner';
import { login, register, takeReturnPath } from '../session';
import { specialMode, t } from '../texts';
import { FIELD_MAXIMA } from '@engine/rules/field-limits';

/** Registration: username (login and name), password twice, email unless special mode; then logs in. */
export function RegisterForm({ with428 }: { with428: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState<QueueWait | null>(null);
  const [, navigate] = useLocation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (username.trim() === '' || password === '') return setError(t.auth.required);
    if (password !== repeat) return setError(t.auth.passwordMismatch);
    setBusy(true);
    setError(null);
    try {
      await register({ login: username, name: username, email: specialMode ? undefined : email || undefined, newPassword: password }, { onWait: setWait });
      await login({ username, password }, { onWait: setWait });
      navigate(takeReturnPath());
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 0;
      // The server's reason (registrations closed, too many from this address, busy), else the spec's texts.
      setError(status === 409 ? t.auth.register409 : status === 428 && with428 ? t.auth.register428 : refusalText(err, t.auth.registerOther));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="register-heading" noValidate>
      <h2 id="register-heading">{t.auth.registerHeading}</h2>
      <Field label={t.auth.username} value={username} onValue={setUsername} required maxLength={FIELD_MAXIMA.login} autoComplete="username" />
      <Field label={t.auth.password} type="password" value={password} onValue={setPassword} required autoComplete="new-password" />
      <Field label={t.auth.passwordRepeat} type="password" value={repeat} onValue={setRepeat} required autoComplete="new-password" />
      {!specialMode && <Field label={t.auth.email} type="email" value={email} onValue={setEmail} maxLength={FIELD_MAXIMA.email} autoComplete="email" />}
      <FormError message={error} />
      <QueueWaitLine wait={wait} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <><Spinner /> {t.auth.sending}</> : t.auth.registerSubmit}
      </button>
    </form>
  );
}

/** Login with username and password (case-insensitive on the server); a refusal shows the server's reason. */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState<QueueWait | null>(null);
  const [, navigate] = useLocation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (username.trim() === '' || password === '') return setError(t.auth.required);
    setBusy(true);
    setError(null);
    try {
      await login({ username, password }, { onWait: setWait });
      navigate(takeReturnPath());
    } catch (err) {
      // "Wrong name or password" only when the server says so; blocked, limited (with the wait) or busy in its own words.
      setError(refusalText(err, err instanceof HttpError && err.status === 403 ? t.auth.login403 : t.auth.loginOther));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="login-heading" noValidate>
      <h2 id="login-heading">{t.auth.loginHeading}</h2>
      <Field label={t.auth.username} value={username} onValue={setUsername} required autoComplete="username" />
      <Field label={t.auth.password} type="password" value={password} onValue={setPassword} required autoComplete="current-password" />
      <FormError message={error} />
      <QueueWaitLine wait={wait} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <><Spinner /> {t.auth.sending}</> : t.auth.loginSubmit}
      </button>
    </form>
  );
}

/** While the server's hashing line is long: why the form waits, and for about how long when it knows (it goes on by itself). */
function QueueWaitLine({ wait }: { wait: QueueWait | null }) {
  if (wait === null) return null;
  return <p role="status">{wait.kind === 'inLine' ? t.auth.inLine : t.auth.queued(Math.max(1, Math.round(wait.ms / 1000)))}</p>;
}
