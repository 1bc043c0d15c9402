import { useState, type FormEvent } from 'react';
import { command } from '../realtime/connection';
import { FormError, TextAreaField } from './Field';

/**
 * A message box that sends `{ message }` with one command, by the button or Shift+Enter; blank messages are not sent.
 * On success the box empties; a refusal shows the server's reason, else `failureText`.
 */
export function MessageForm({
  code,
  label,
  submitText,
  failureText,
  className,
  closedReason = null,
}: {
  code: string;
  label: string;
  submitText: string;
  failureText: string;
  className?: string;
  /** Why the server would refuse a message now (the same rule): shown before anyone types, with the input disabled. */
  closedReason?: string | null;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (message.trim() === '') return;
    const reply = await command(code, { message });
    if (reply.success) {
      setMessage('');
      setError(null);
    } else setError(reply.message ?? failureText);
  }

  return (
    <form className={className} onSubmit={send}>
      <TextAreaField
        label={label}
        value={message}
        onValue={setMessage}
        rows={2}
        onSubmitShortcut={() => void send()}
        disabled={closedReason !== null}
        hint={closedReason ?? undefined}
      />
      <FormError message={closedReason === null ? error : null} />
      <button type="submit" className="button" disabled={closedReason !== null}>
        {submitText}
      </button>
    </form>
  );
}
