import { useState, type FormEvent } from 'react';
import { FormError, TextAreaField } from '../../components/Field';
import { command } from '../../realtime/connection';
import { t } from '../../texts';

/** Team chat entry (gc): a proposal with chat true. */
export function ChatForm() {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (message.trim() === '') return;
    const reply = await command('gc', { message });
    if (reply.success) {
      setMessage('');
      setError(null);
    } else setError(reply.message ?? t.question.sendFailed);
  }
  return (
    <form className="chat-form" onSubmit={send}>
      <TextAreaField label={t.question.chatLabel} value={message} onValue={setMessage} rows={2} onSubmitShortcut={() => void send()} />
      <FormError message={error} />
      <button type="submit" className="button">{t.question.chat}</button>
    </form>
  );
}
