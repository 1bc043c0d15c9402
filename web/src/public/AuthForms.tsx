import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { HttpError, refusalText } from '../api/http';
import type { QueueWait } from '../api/queue';
import { Field, FormError } from '../components/Field';
import { Spinner } from '../components/Spinner';
import { login, register, takeReturnPath } from '../session';
import { specialMode, t } from '../texts';
import { FIELD_MAXIMA } from '@live/rules/field-limits';
import { NEW_ACCOUNTS_CLOSED_TEXT, newAccountsClosed } from '@live/rules/show-settings';
import { MAX_USERNAME_LENGTH, USERNAME_TOO_LONG_TEXT } from '@live/rules/names';
import { useAppSelector } from '../store';
import { selectShowSettings } from '../store/showSettingsSlice';

/** Registration, or (new accounts closed by the admin: the server's rule) the reason instead of the form. */
export function RegisterForm({ with428 }: { with428: boolean }) {
  const closed = useAppSelector((s) => newAccountsClosed(selectShowSettings(s)));
  if (closed) {
    return (
      <section className="card form" aria-labelledby="register-heading">
        <h2 id="register-heading">{t.auth.registerHeading}</h2>
        <p role="status" className="registration-closed">
          {NEW_ACCOUNTS_CLOSED_TEXT}
        </p>
      </section>
    );
  }
  return <OpenRegisterForm with428={with428} />;
}

/** Registration: username (login and name), password twice, email unless special mode; then logs in. */
function OpenRegisterForm({ with428 }: { with428: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [email, setEmail] = useState('');
  const form = useAuthSubmit();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (username.trim() === '' || password === '') return form.setError(t.auth.required);
    if (username.trim().length > MAX_USERNAME_LENGTH) return form.setError(USERNAME_TOO_LONG_TEXT);
    if (password !== repeat) return form.setError(t.auth.passwordMismatch);
    void form.run(
      async (onWait) => {
        await register(
          {
            login: username,
            name: username,
            email: specialMode ? undefined : email || undefined,
            newPassword: password,
          },
          { onWait },
        );
        await login({ username, password }, { onWait });
      },
      (err) => {
        const status = err instanceof HttpError ? err.status : 0;
        // The server's reason (registrations closed, too many from this address, busy), else the spec's texts.
        return status === 409
          ? t.auth.register409
          : status === 428 && with428
            ? t.auth.register428
            : refusalText(err, t.auth.registerOther);
      },
    );
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="register-heading" noValidate>
      <h2 id="register-heading">{t.auth.registerHeading}</h2>
      <Field
        label={t.auth.username}
        value={username}
        onValue={setUsername}
        required
        maxLength={MAX_USERNAME_LENGTH}
        autoComplete="username"
      />
      <Field
        label={t.auth.password}
        type="password"
        value={password}
        onValue={setPassword}
        required
        autoComplete="new-password"
      />
      <Field
        label={t.auth.passwordRepeat}
        type="password"
        value={repeat}
        onValue={setRepeat}
        required
        autoComplete="new-password"
      />
      {!specialMode && (
        <Field
          label={t.auth.email}
          type="email"
          value={email}
          onValue={setEmail}
          maxLength={FIELD_MAXIMA.email}
          autoComplete="email"
        />
      )}
      <p className="hint">
        {t.legal.registration} <Link href="/datenschutz">{t.legal.privacyHeading}</Link>
      </p>
      <AuthFormFooter form={form} submitText={t.auth.registerSubmit} />
    </form>
  );
}

/** Login with username and password (case-insensitive on the server); a refusal shows the server's reason. */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const form = useAuthSubmit();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (username.trim() === '' || password === '') return form.setError(t.auth.required);
    if (username.trim().length > MAX_USERNAME_LENGTH) return form.setError(USERNAME_TOO_LONG_TEXT);
    void form.run(
      (onWait) => login({ username, password }, { onWait }),
      // "Wrong name or password" only when the server says so; blocked, limited (with the wait) or busy in its own words.
      (err) => refusalText(err, err instanceof HttpError && err.status === 403 ? t.auth.login403 : t.auth.loginOther),
    );
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="login-heading" noValidate>
      <h2 id="login-heading">{t.auth.loginHeading}</h2>
      <Field label={t.auth.username} value={username} onValue={setUsername} required autoComplete="username" />
      <Field
        label={t.auth.password}
        type="password"
        value={password}
        onValue={setPassword}
        required
        autoComplete="current-password"
      />
      <AuthFormFooter form={form} submitText={t.auth.loginSubmit} />
      <p>
        <Link href="/passwort-neu">{t.passwordReset.forgotten}</Link>
      </p>
    </form>
  );
}

type AuthSubmit = ReturnType<typeof useAuthSubmit>;

/** The sending state both forms share: busy, the refusal shown, the queue wait; on success back to where the user came from. */
function useAuthSubmit() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState<QueueWait | null>(null);
  const [, navigate] = useLocation();

  async function run(
    send: (onWait: (wait: QueueWait | null) => void) => Promise<unknown>,
    refusal: (err: unknown) => string,
  ) {
    setBusy(true);
    setError(null);
    try {
      await send(setWait);
      navigate(takeReturnPath());
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  }

  return { error, setError, busy, wait, run };
}

/** The refusal, the queue wait and the submit button (a spinner while sending). */
function AuthFormFooter({ form, submitText }: { form: AuthSubmit; submitText: string }) {
  return (
    <>
      <FormError message={form.error} />
      <QueueWaitLine wait={form.wait} />
      <button type="submit" className="button button--primary" disabled={form.busy}>
        {form.busy ? (
          <>
            <Spinner /> {t.auth.sending}
          </>
        ) : (
          submitText
        )}
      </button>
    </>
  );
}

/** While the server's hashing line is long: why the form waits, and for about how long when it knows (it goes on by itself). */
function QueueWaitLine({ wait }: { wait: QueueWait | null }) {
  if (wait === null) return null;
  return (
    <p role="status">
      {wait.kind === 'inLine' ? t.auth.inLine : t.auth.queued(Math.max(1, Math.round(wait.ms / 1000)))}
    </p>
  );
}
