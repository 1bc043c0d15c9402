import type { LobbyChatEntry } from '../realtime/views';
import { useAppSelector } from '../store';
import { selectGlobal } from '../store/selectors';
import { t } from '../texts';
import { MessageForm } from './MessageForm';

export function senderName(user: string | number): string {
  if (String(user) === '-1') return t.senders.system;
  if (String(user) === '-2') return t.senders.database;
  return String(user);
}

const EMPTY: LobbyChatEntry[] = [];

/** Lobby chat (ulc): message box, send with the button or Shift+Enter, entries newest last. */
export function LobbyChat() {
  const entries = useAppSelector((s) => selectGlobal(s)?.lobbyChat ?? EMPTY);
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
      <MessageForm code="ulc" label={t.lobby.message} submitText={t.lobby.send} failureText={t.forms.failure} />
    </section>
  );
}
