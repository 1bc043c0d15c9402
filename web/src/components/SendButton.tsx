import { useState } from 'react';
import { t } from '../texts';
import { Spinner } from './Spinner';

export type SendStatus = null | 'sending' | 'didSend' | 'error';

/** The submit button of the public forms with its states idle, sending, didSend and error. */
export function SendButton({
  status,
  didSendText,
  errorMessage,
}: {
  status: SendStatus;
  didSendText: string;
  errorMessage?: string | null;
}) {
  return (
    <div className="send-button">
      <button type="submit" className="button button--primary" disabled={status === 'sending'}>
        {status === 'sending' ? (
          <>
            <Spinner /> {t.forms.sending}
          </>
        ) : (
          t.forms.send
        )}
      </button>
      {status === 'didSend' && (
        <p className="success" role="status">
          {didSendText}
        </p>
      )}
      {status === 'error' && (
        <p className="form-error" role="alert">
          <strong>{t.forms.error}</strong>
          {errorMessage ? ` ${errorMessage}` : ''}
        </p>
      )}
    </div>
  );
}

/**
 * The state behind a SendButton: `send` runs a request that answers whether it was taken; a refusal (thrown)
 * shows `refusal(err)`, a plain "not taken" the general failure. Resolves to whether it was taken.
 */
export function useSendStatus() {
  const [status, setStatus] = useState<SendStatus>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(request: () => Promise<boolean>, refusal: (err: unknown) => string): Promise<boolean> {
    setError(null);
    setStatus('sending');
    try {
      const ok = await request();
      setStatus(ok ? 'didSend' : 'error');
      if (!ok) setError(t.forms.failure);
      return ok;
    } catch (err) {
      setStatus('error');
      setError(refusal(err));
      return false;
    }
  }

  return { status, error, setError, send };
}
