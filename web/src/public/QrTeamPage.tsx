import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { createQrTeam, HttpError, qrTeamStatus } from '../api/http';
import { Field, FormError } from '../components/Field';
import { LoadingPage } from '../components/LoadingPage';
import { ShowBrand } from '../components/ShowBrand';
import { SendButton, useSendStatus } from '../components/SendButton';
import { qrTeamProblemOf } from '@live/rules/forms';
import { hostOfflineText } from '@live/rules/show-settings';
import { useAppSelector } from '../store';
import { selectShowSettings } from '../store/showSettingsSlice';
import { t } from '../texts';
import { SHARED_TEXTS } from '@wire/shared-texts';

type ConnectionStatus = 'special' | 'connected' | 'error' | 'loading' | 'closed';

/**
 * QR team creation by the moderator connection status (each state under the show's logo and name): loading while checking, connected (the form),
 * error (the host's laptop is not connected: "Olafs Laptop ist im Moment nicht verbunden.", with the show's host), special (the check itself is not available: QR sign-up is off).
 */
export function QrTeamPage() {
  const [connection, setConnection] = useState<ConnectionStatus>('loading');
  const qrHostName = useAppSelector(selectShowSettings).qrHostName;
  useEffect(() => {
    let alive = true;
    qrTeamStatus()
      .then(
        ({ online, registrationsOpen }) =>
          alive && setConnection(!registrationsOpen ? 'closed' : online ? 'connected' : 'error'),
      )
      .catch(() => alive && setConnection('special'));
    return () => {
      alive = false;
    };
  }, []);

  if (connection === 'special') {
    return (
      <QrPage>
        <section className="card">
          <h1>{t.qrTeam.specialHeading}</h1>
          <p>{t.qrTeam.specialText}</p>
          <Link href="/" className="button">
            {t.qrTeam.backToStart}
          </Link>
        </section>
      </QrPage>
    );
  }
  // Closed registrations come first, as the server's rule checks them first: the form is not offered.
  if (connection === 'closed') {
    return (
      <QrPage>
        <section className="card" role="status">
          <h1>{t.qrTeam.closedHeading}</h1>
          <p className="registration-closed">{SHARED_TEXTS.registrationsClosed}</p>
        </section>
      </QrPage>
    );
  }
  if (connection === 'error') {
    return (
      <QrPage>
        <section className="card" role="alert">
          <h1>{hostOfflineText(qrHostName)}</h1>
          <p>{t.qrTeam.errorText}</p>
        </section>
      </QrPage>
    );
  }
  if (connection === 'connected') return <QrTeamForm />;
  return <LoadingPage />;
}

function QrTeamForm() {
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const { status, error, setError, send } = useSendStatus();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = qrTeamProblemOf(name, amount);
    if (problem) return setError(t.qrTeam[problem]);
    // A refusal: the server says why in German (name taken, registrations closed, laptop not connected, ...).
    if (
      await send(
        () => createQrTeam(name, amount),
        (err) => (err instanceof HttpError && err.detail ? err.detail : t.forms.failure),
      )
    )
      setAmount('');
  }

  if (status === 'didSend') {
    return (
      <QrPage>
        <section className="card" role="status">
          <h1>{t.qrTeam.didSend}</h1>
          <p>{t.qrTeam.thanks}</p>
        </section>
      </QrPage>
    );
  }
  return (
    <QrPage>
      <form className="card form" onSubmit={submit} noValidate>
        <h1>{t.qrTeam.heading}</h1>
        <Field label={t.qrTeam.name} value={name} onValue={setName} required />
        <Field label={t.qrTeam.amount} value={amount} onValue={setAmount} inputMode="numeric" />
        <p className="hint">{t.qrTeam.slips}</p>
        {status !== 'error' && <FormError message={error} />}
        <SendButton status={status} didSendText={t.qrTeam.didSend} errorMessage={error} />
      </form>
    </QrPage>
  );
}

/** The QR sign-up's page: the show's brand above one card. */
function QrPage({ children }: { children: ReactNode }) {
  return (
    <div className="page page--narrow">
      <div className="qr-brand">
        <ShowBrand />
      </div>
      {children}
    </div>
  );
}
