import { useState } from 'react';
import type { ModeratedNoticeView } from '@live/rules/moderated';
import { browserStorage } from '../browserStorage';
import { useAppSelector } from '../store';
import { selectTeam, selectUser } from '../store/selectors';
import { t } from '../texts';

/** Notices a player closed, by the id of the moderator's event (this device: closed once, gone). */
const CLOSED_KEY = 'moderatedNoticesClosed';

function closedIds(): string[] {
  try {
    const stored: unknown = JSON.parse(browserStorage('localStorage')?.getItem(CLOSED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * What a moderator changed of the player's team (mtn, mtl) or display name (mun), as the views push it:
 * shown at once on the open page, until the player closes it.
 */
export function ModeratedNotices() {
  const teamNotice = useAppSelector((s) => selectTeam(s)?.notice);
  const userNotice = useAppSelector((s) => selectUser(s)?.notice);
  const [closed, setClosed] = useState(closedIds);
  const shown = [teamNotice, userNotice].filter(
    (notice): notice is ModeratedNoticeView => notice !== undefined && !closed.includes(notice.id),
  );
  if (shown.length === 0) return null;
  const close = (id: string) => {
    // The last few are enough: a notice's id never comes back.
    const next = [...closed, id].slice(-20);
    browserStorage('localStorage')?.setItem(CLOSED_KEY, JSON.stringify(next));
    setClosed(next);
  };
  return (
    <>
      {shown.map((notice) => (
        <div key={notice.id} className="card card--warning moderated-notice" role="status">
          <p>{notice.text}</p>
          <button type="button" className="button button--small" onClick={() => close(notice.id)}>
            {t.moderatedNotice.close}
          </button>
        </div>
      ))}
    </>
  );
}
