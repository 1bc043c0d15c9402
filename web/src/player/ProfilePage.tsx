import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { api, eraseOwnAccount, HttpError, requestBlob, saveUser, type UserRecord } from '../api/http';
import { Field, FormError } from '../components/Field';
import { LoadingPage } from '../components/LoadingPage';
import { profileProblemOf } from '@live/rules/forms';
import { emailProblemOf } from '@live/rules/email';
import { FIELD_MAXIMA } from '@live/rules/field-limits';
import { loadCurrentUser, logout, replaceToken } from '../session';
import { useAppDispatch, useAppSelector } from '../store';
import { sessionActions } from '../store/sessionSlice';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';

function ProfileForm({ user }: { user: UserRecord }) {
  const [name, setName] = useState(user.name);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [email, setEmail] = useState(user.email ?? '');
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const emailChanged = email.trim() !== (user.email ?? '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = profileProblemOf(name, password, repeat);
    if (problem) return setError(t.profile[problem]);
    const emailProblem = emailChanged && email.trim() !== '' ? emailProblemOf(email.trim()) : null;
    if (emailProblem) return setError(t.profile.email[emailProblem]);
    setError(null);
    try {
      const { token } = await saveUser(user.id, {
        name,
        ...(password ? { newPassword: password } : {}),
        ...(emailChanged ? { email: email.trim() } : {}),
        ...(password || emailChanged ? { currentPassword: current } : {}),
      });
      if (token) replaceToken(token);
      dispatch(sessionActions.userChanged({ name, email: email.trim() === '' ? null : email.trim() }));
      dispatch(uiActions.noticeAdded(t.profile.saved, 'success'));
      setPassword('');
      setRepeat('');
      setCurrent('');
    } catch (err) {
      setError(err instanceof HttpError && err.detail ? err.detail : t.forms.failure);
    }
  }

  return (
    <form className="card form" onSubmit={submit} noValidate>
      <h1>{t.profile.heading}</h1>
      <Field label={t.profile.login} value={user.login} onValue={() => undefined} disabled />
      <Field label={t.profile.name} value={name} onValue={setName} autoComplete="nickname" />
      <Field
        label={t.profile.newPassword}
        type="password"
        value={password}
        onValue={setPassword}
        autoComplete="new-password"
      />
      <Field
        label={t.profile.newPasswordRepeat}
        type="password"
        value={repeat}
        onValue={setRepeat}
        autoComplete="new-password"
      />
      <Field
        label={t.profile.email.label}
        type="email"
        value={email}
        onValue={setEmail}
        maxLength={FIELD_MAXIMA.email}
        autoComplete="email"
        hint={t.profile.email.hint}
      />
      {(password !== '' || emailChanged) && (
        <Field
          label={t.profile.currentPassword}
          type="password"
          value={current}
          onValue={setCurrent}
          autoComplete="current-password"
        />
      )}
      <FormError message={error} />
      <button type="submit" className="button button--primary">
        {t.profile.save}
      </button>
    </form>
  );
}

/** GET /api/users/me/export: everything the show holds about the user, as a JSON download (DSGVO Art. 15 and 20). */
function OwnDataCard() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const blob = await requestBlob(api('/users/me/export'));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'meine-daten.json';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      setError(err instanceof HttpError && err.detail ? err.detail : t.forms.failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card form" aria-labelledby="own-data-heading">
      <h2 id="own-data-heading">{t.profile.ownDataHeading}</h2>
      <p className="muted">{t.profile.ownDataIntro}</p>
      <FormError message={error} />
      <button type="button" className="button" disabled={busy} onClick={() => void download()}>
        {t.profile.ownDataDownload}
      </button>
    </section>
  );
}

/** DELETE /api/users/me: with the current password and a tick that says it is meant. */
function EraseAccountForm() {
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!confirmed) return setError(t.profile.eraseNeedsConfirm);
    setError(null);
    setSending(true);
    try {
      await eraseOwnAccount(password);
      logout();
      dispatch(uiActions.noticeAdded(t.profile.erased, 'success'));
      navigate('/');
    } catch (err) {
      setError(err instanceof HttpError && err.detail ? err.detail : t.forms.failure);
      setSending(false);
    }
  }

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="erase-heading">
      <h2 id="erase-heading">{t.profile.eraseHeading}</h2>
      <p className="muted">{t.profile.eraseIntro}</p>
      <Field
        label={t.profile.erasePassword}
        type="password"
        value={password}
        onValue={setPassword}
        autoComplete="current-password"
      />
      <label className="checkbox checkbox--wrap">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />{' '}
        {t.profile.eraseConfirm}
      </label>
      <FormError message={error} />
      <button type="submit" className="button button--danger" disabled={sending}>
        {t.profile.erase}
      </button>
    </form>
  );
}

/** auth/profile: the current user record, loaded on entry. */
export function ProfilePage() {
  const user = useAppSelector((s) => s.session.user);
  useEffect(() => {
    void loadCurrentUser();
  }, []);
  return (
    <div className="page page--narrow stack">
      {user ? (
        <>
          <ProfileForm key={user.id} user={user} />
          <OwnDataCard />
          <EraseAccountForm />
        </>
      ) : (
        <LoadingPage />
      )}
    </div>
  );
}
