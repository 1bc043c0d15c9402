import { t } from '../texts';
import { Spinner } from './Spinner';

export type SendStatus = null | 'sending' | 'didSend' | 'error';

/** The submit button of the public forms with its states idle, sending, didSend and error. */
export function SendButton({ status, didSendText, errorMessage }: { status: SendStatus; didSendText: string; errorMessage?: string | null }) {
  return (
    <div className="send-button">
      <button type="submit" className="button button--primary" disabled={status === 'sending'}>
        {status === 'sending' ? <><Spinner /> {t.forms.sending}</> : t.forms.send}
      </button>
      {status === 'didSend' && <p className="success" role="status">{didSendText}</p>}
      {status === 'error' && (
        <p className="form-error" role="alert">
          <strong>{t.forms.error}</strong>{errorMessage ? ` ${errorMessage}` : ''}
        </p>
      )}
    </div>
  );
}
