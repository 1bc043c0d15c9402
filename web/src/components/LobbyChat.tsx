import { useState, type FormEvent } from 'react';
import { command } from '../realtime/connection';
import type { LobbyChatEntry } from '../realtime/views';
import { useAppSelector } from '../store';
import { selectGlobal } from '../store/selectors';
import { t } from '../texts';
import { FormError, TextAreaField } from './Field';

export function senderName(user: string | number): string {
  if (String(user) === '-1') return t.senders.system;
  if (String(user) === '-2') return t.senders.database;
  return String(user);
}

const EMPTY: LobbyChatEntry[] = [];

/** Lobby chat (ulc): message box, send with the button or Shift+Enter, entries newest last. */
export function LobbyChat() {
  const entries = useAppSelector((s) => selectGlobal(s)?.lobbyChat ?? EMPTY);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (message.trim() === '') return;
    const reply = await command('ulc', { message });
    if (reply.success) {
      setMessage('');
      setError(null);
    } else setError(reply.message ?? t.forms.failure);
  }

  return (
    <section className="card lobby" aria-labelledby="lobby-heading">
      <h2 id="lobby-heading">{t.lobby.heading}</h2>
      {entries.length === 0 ? (
        <p className="muted">{t.lobby.empty}</p>
      ) : (
        <ul className="chat-list" aria-live="polite">
          {entries.map((entry) => (
            <li key={entry.id} className={entry.highlight ? 'chat-entry chat-entry--highlight' : 'chat-entry'}>
              <strong>{senderName(entry.user)}:</strong> {entry.message}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={send}>
        <TextAreaField label={t.lobby.message} value={message} onValue={setMessage} rows={2} onSubmitShortcut={() => void send()} />
        <FormError message={error} />
        <button type="submit" className="button">{t.lobby.send}</button>
      </form>
    </section>
  );
}
