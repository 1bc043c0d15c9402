import type { LobbyChatEntry } from '../realtime/views';
import { useEffect, useState } from 'react';
import { lobbyForEveryoneProblem } from '@live/rules/lobby-chat';
import { useAppSelector } from '../store';
import { selectGlobal, selectIsAdmin, selectIsModerator } from '../store/selectors';
import { t } from '../texts';
import { MessageForm } from './MessageForm';

export function senderName(user: string | number): string {
  if (String(user) === '-1') return t.senders.system;
  if (String(user) === '-2') return t.senders.database;
  return String(user);
}

const EMPTY: LobbyChatEntry[] = [];

/** The server's time now (the live view's offset), ticking each second until `until` (null: no ticking). */
function useServerNow(until: number | null): number {
  const offset = useAppSelector((s) => s.live.serverOffsetMs);
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    if (until === null || until <= Date.now() + offset) return;
    const timer = setInterval(() => {
      const next = Date.now() + offset;
      setNow(next);
      if (next >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until, offset]);
  return now;
}

/** Why a player's message would be refused now (closed, or slow mode for everyone): the server's rule, read before typing. */
function useLobbyClosedReason(): string | null {
  const global = useAppSelector(selectGlobal);
  const operator = useAppSelector((s) => selectIsAdmin(s) || selectIsModerator(s));
  const slowUntil = global?.lobbyChatSlowUntil ?? null;
  const now = useServerNow(operator ? null : slowUntil);
  if (!global || operator) return null;
  return lobbyForEveryoneProblem(
    { open: global.lobbyChatOpen, slowSeconds: global.lobbyChatSlowSeconds, slowUntil },
    now,
  );
}

/** Lobby chat (ulc): message box, send with the button or Shift+Enter, entries newest last. */
export function LobbyChat() {
  const entries = useAppSelector((s) => selectGlobal(s)?.lobbyChat ?? EMPTY);
  const closedReason = useLobbyClosedReason();
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
      <MessageForm
        code="ulc"
        label={t.lobby.message}
        submitText={t.lobby.send}
        failureText={t.forms.failure}
        closedReason={closedReason}
      />
    </section>
  );
}
