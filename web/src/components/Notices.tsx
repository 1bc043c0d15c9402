import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../store';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';

/**
 * Alerts of the app (socket messages, failed actions), announced to screen readers. The page's list
 * dismisses non-errors after 5 s; an open modal dialog shows the same list inside itself (`placement
 * "dialog"`), because a modal makes the rest of the page inert (and the page's list is hidden meanwhile).
 */
export function Notices({ placement = 'page' }: { placement?: 'page' | 'dialog' }) {
  const notices = useAppSelector((s) => s.ui.notices);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (placement !== 'page') return;
    const timers = notices
      .filter((n) => n.tone !== 'error')
      .map((n) => setTimeout(() => dispatch(uiActions.noticeDismissed(n.id)), 5000));
    return () => timers.forEach(clearTimeout);
  }, [notices, dispatch, placement]);
  if (placement === 'dialog' && notices.length === 0) return null;
  return (
    <div className={`notices notices--${placement}`} aria-live="assertive">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice--${n.tone}`} role={n.tone === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t.modal.close}
            onClick={() => dispatch(uiActions.noticeDismissed(n.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
