import { useState, type FormEvent } from 'react';
import { command } from '../realtime/connection';
import { FormError, TextAreaField } from './Field';

/**
 * A message box that sends `{ message }` with one command, by the button or Shift+Enter; blank messages are not sent.
 * On success the box empties; a refusal shows the server's reason, else `failureText`.
 */
export function MessageForm({ code, label, submitText, failureText, className }: { code: string; label: string; submitText: string; failureText: string; className?: string }) {
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
      <TextAreaField label={label} value={message} onValue={setMessage} rows={2} onSubmitShortcut={() => void send()} />
      <FormError message={error} />
      <button type="submit" className="button">
        {submitText}
      </button>
    </form>
  );
}
